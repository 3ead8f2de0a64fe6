// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { FORGOT_PASSWORD_PATH } from "@repo/contracts/password-reset-constants";
import { envelope, type StubbedApi, stubApi, userRecord } from "@repo/remix-app/testing";
import { anotherPage, renderRoute } from "@repo/remix-app/testing/route";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import * as route from "./routes/login";

// The school app's sign-in page as a visitor sees it, its real loader and action run against a stubbed API.
const PATH = "/login";
let api: StubbedApi | undefined;
afterEach(() => {
  cleanup();
  api?.restore();
});

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messageOf = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("the sign-in page", () => {
  it("offers the form, the forgotten-password link and the school's and student's registration", async () => {
    renderRoute(route, { path: PATH, url: "/login?notice=expired", signedIn: false });
    expect(await screen.findByRole("heading", { name: "Sign in to the School Portal" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Your session has ended. Please sign in again.");
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(FORGOT_PASSWORD_PATH);
    expect(screen.getByRole("link", { name: "Register your school" }).getAttribute("href")).toBe("/register");
    expect(screen.getByRole("link", { name: "Register as a student" }).getAttribute("href")).toBe("/sif/register");
  });

  it("asks for the fields left empty, and keeps what was typed", async () => {
    api = stubApi({});
    renderRoute(route, { path: PATH, signedIn: false });
    await screen.findByRole("heading", { name: "Sign in to the School Portal" });
    type(/^Username/, "school");
    // Submitted as a browser without JavaScript's checks would: the server asks for what is missing.
    fireEvent.submit(screen.getByRole("button", { name: "Sign in" }).closest("form") as HTMLFormElement);
    const password = await screen.findByLabelText(/^Password/, { selector: "input" });
    await waitFor(() => expect(messageOf(password)).toContain("Enter your password"));
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe("school");
    expect(api.calls).toEqual([]);
  });

  it("says what the API said about a wrong password", async () => {
    api = stubApi({
      "POST /api/login": { status: 401, body: { status: false, message: "Wrong username or password", data: null } },
    });
    renderRoute(route, { path: PATH, signedIn: false });
    await screen.findByRole("heading", { name: "Sign in to the School Portal" });
    type(/^Username/, "school");
    type(/^Password/, "not-it");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong username or password");
    expect(api.calls[0]?.body).toMatchObject({ username: "school", password: "not-it", app: "school" });
  });

  it("takes a signed-in school to where it asked to go", async () => {
    api = stubApi({
      "POST /api/login": { body: envelope({ token: "t0k3n", user: userRecord() }) },
    });
    renderRoute(route, { path: PATH, url: "/login?redirectTo=%2Fstudent%2Fview-students", signedIn: false });
    await screen.findByRole("heading", { name: "Sign in to the School Portal" });
    type(/^Username/, "school");
    type(/^Password/, "secret-123");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await anotherPage()).toBe("/student/view-students");
  });
});
