import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));

import { auth } from "./auth.server";
import { appRequest, type StubbedApi, signedInAs, stubApi } from "./testing/harness";

let api: StubbedApi | undefined;
afterEach(() => api?.restore());

/** What Remix does before it calls each loader: a copy of the request (its `_routes` param stripped). */
const copyOf = (request: Request, method = request.method) =>
  new Request(request.url, { method, headers: request.headers, signal: request.signal });

const userLookUps = () => api?.calls.filter((call) => call.path === "/api/user").length;

describe("the signed-in user of a page", () => {
  it("is looked up once for the shell's loader and the page's, though each gets its own copy of the request", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const request = await appRequest("/admin-dashboard");
    const context = { requestId: "one-page" };
    const [shell, page] = await Promise.all([
      auth.requirePage(copyOf(request), context, "self.profile"),
      auth.requirePage(copyOf(request), context),
    ]);
    expect(shell.user.username).toBe("school");
    expect(page.user).toBe(shell.user);
    expect(userLookUps()).toBe(1);
  });

  it("is looked up again by the loaders that run after an action, and for every other page", async () => {
    api = stubApi({ "GET /api/user": signedInAs() });
    const post = await appRequest("/profile", { form: { name: "New name" } });
    const context = { requestId: "one-post" };
    await auth.requireUser(post, context);
    await auth.requireUser(copyOf(post, "POST"), context);
    expect(userLookUps()).toBe(1);
    // The action may have changed the user: the page drawn after it asks the API again.
    await auth.requireUser(copyOf(post, "GET"), context);
    expect(userLookUps()).toBe(2);
    await auth.requireUser(await appRequest("/admin-dashboard"), { requestId: "next-page" });
    expect(userLookUps()).toBe(3);
  });
});
