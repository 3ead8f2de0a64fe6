// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { auth } from "../auth.server";
import { envelope, type StubbedApi, signedInAs, stubApi } from "./harness";
import { anotherPage, renderRoute } from "./route";

// renderRoute's own promises: what a route module's loader and action receive, and what the page shows.
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const seen: { url?: string; cookie?: string | null; origin?: string | null; params?: unknown; form?: unknown } = {};
const loader = async ({ request, params }: LoaderFunctionArgs) => {
  Object.assign(seen, { url: request.url, cookie: request.headers.get("Cookie"), params });
  const { user } = await auth.requirePage(request, undefined, "self.profile");
  return { name: user.name, id: params.id ?? "" };
};
const action = async ({ request }: ActionFunctionArgs) => {
  const form = await auth.readForm(request);
  Object.assign(seen, { origin: request.headers.get("Origin"), form: Object.fromEntries(form) });
  await auth.requireAction(request, undefined, form, "self.profile");
  if (form.get("go")) throw redirect("/elsewhere?from=form");
  return { said: `Saved ${String(form.get("what"))}` };
};
function Page() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Form method="post">
      <h1>{`${data.name} ${data.id}`}</h1>
      <input type="hidden" name="csrf" value="test-csrf-token" />
      <input name="what" defaultValue="it" aria-label="What" />
      <button type="submit">Save</button>
      <button type="submit" name="go" value="1">
        Go
      </button>
      {answer ? <p role="status">{answer.said}</p> : null}
    </Form>
  );
}
function Refused() {
  return <p role="alert">Refused</p>;
}
const module = { default: Page, loader, action };

describe("renderRoute", () => {
  it("runs the module's loader signed in, at the app's origin, with the route's params", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    renderRoute(module, { path: "/view-profile/:id?", url: "/view-profile/5?tab=x" });
    expect((await screen.findByRole("heading")).textContent).toBe("Demo School 5");
    expect(seen.url).toBe(`${auth.appOrigin}/view-profile/5?tab=x`);
    expect(seen.cookie).toMatch(/=/);
    expect(seen.params).toEqual({ id: "5" });
  });

  it("posts the page's forms to the module's action, same-origin with the session's CSRF token", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    renderRoute(module, { path: "/view-profile" });
    fireEvent.change(await screen.findByLabelText("What"), { target: { value: "the profile" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect((await screen.findByRole("status")).textContent).toBe("Saved the profile");
    expect(seen.origin).toBe(auth.appOrigin);
    expect(seen.form).toMatchObject({ what: "the profile", csrf: "test-csrf-token" });
  });

  it("shows where a redirect leads", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    renderRoute(module, { path: "/view-profile" });
    fireEvent.click(await screen.findByRole("button", { name: "Go" }));
    expect(await anotherPage()).toBe("/elsewhere?from=form");
  });

  it("sends a visitor without a session to sign in", async () => {
    api = stubApi({});
    renderRoute(module, { path: "/view-profile", signedIn: false });
    expect(await anotherPage()).toBe("/login?redirectTo=%2Fview-profile");
    expect(api.calls).toEqual([]);
  });

  it("renders given loader and action data at once, without running the loader", () => {
    api = stubApi({});
    renderRoute(module, {
      path: "/view-profile",
      loaderData: { name: "Given", id: "9" },
      actionData: { said: "Saved before" },
    });
    expect(screen.getByRole("heading").textContent).toBe("Given 9");
    expect(screen.getByRole("status").textContent).toBe("Saved before");
    expect(api.calls).toEqual([]);
  });

  it("refuses what the page's guard refuses, through the route's error boundary", async () => {
    api = stubApi({ "GET /api/user": { status: 503, body: envelope(null, "Down") } });
    renderRoute({ ...module, ErrorBoundary: Refused }, { path: "/view-profile" });
    expect((await screen.findByRole("alert")).textContent).toBe("Refused");
  });
});
