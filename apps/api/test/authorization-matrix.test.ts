import { can, type Subject } from "@repo/auth/permissions";
import { ROLES } from "@repo/auth/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_ACCESS } from "../src/kernel/http/routes";
import { startTestApi, type TestApi } from "./support";

/**
 * Every route × roles 1-18 and anonymous, generated from the route registry and the permission
 * table: anonymous callers get 401 on every non-public route, a role without the permission gets
 * 403, a role with it gets past authorization. A route missing from the registry fails the first
 * test, so a new endpoint cannot ship without an entry in the permission table.
 */
describe("authorization matrix", () => {
  let api: TestApi;
  const principals: { label: string; token: string | undefined; subject: Subject | undefined }[] = [];

  beforeAll(async () => {
    api = await startTestApi("pglite");
    principals.push({ label: "anonymous", token: undefined, subject: undefined });
    for (const role of ROLES) {
      const token = await api.login(role.demoUsername);
      const me = await api.call("GET", "/api/user", { token });
      principals.push({
        label: `role ${role.id} (${role.demoUsername})`,
        token,
        subject: {
          roleId: role.id,
          isGcc: me.body.data.zone === "GCC",
          referredStudents: me.body.data.user_detail.referred_student,
        },
      });
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it("has a permission entry for every route the API serves", () => {
    const served = api.app.routes
      .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    const missing = [...new Set(served)].filter((key) => !ROUTE_ACCESS.has(key));
    expect(missing, "routes without an entry in ROUTE_ACCESS").toEqual([]);
    expect(served.length).toBeGreaterThan(40);
  });

  // Every route × 19 callers, one after another: ~25 s here, and it grows with each endpoint, so it
  // gets more than the suite's 30 s.
  it("answers every route for every role exactly as the permission table says", async () => {
    // Logout last: it ends the caller's sign-in.
    const routes = [...ROUTE_ACCESS.entries()].sort(
      ([a], [b]) => Number(a.endsWith("/logout")) - Number(b.endsWith("/logout")),
    );
    const wrong: string[] = [];
    for (const [key, access] of routes) {
      const [method = "GET", template = ""] = key.split(" ");
      const path = template.replace(/\{\w+\}/g, "1");
      for (const principal of principals) {
        const result = await api.call(method, path, {
          token: principal.token,
          ...(method === "GET" || method === "DELETE" ? {} : { json: {} }),
        });
        let expected: "allowed" | 401 | 403;
        if (access === "public") expected = "allowed";
        else if (!principal.subject) expected = 401;
        else expected = can(principal.subject, access) ? "allowed" : 403;
        const got = result.status === 401 || result.status === 403 ? result.status : "allowed";
        if (got !== expected) wrong.push(`${key} as ${principal.label}: expected ${expected}, got ${result.status}`);
        if (result.status >= 500) wrong.push(`${key} as ${principal.label}: server error ${result.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
