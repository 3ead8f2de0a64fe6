import { readFileSync } from "node:fs";
import { can, isPermission, type Permission, type Subject } from "@repo/auth/permissions";
import { ROLES } from "@repo/auth/roles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

/**
 * The committed table of every route's permission ("METHOD path" → permission or "public"), written
 * by `npm run generate` (scripts/generate.test.ts fails when it is stale). It is read here, not the
 * API's route registry, so that a changed or newly public permission shows as a diff in review.
 */
const ROUTE_PERMISSIONS = JSON.parse(
  readFileSync(new URL("./route-permissions.json", import.meta.url), "utf8"),
) as Record<string, string>;

/**
 * Every route of the committed table × roles 1-18 and anonymous: anonymous callers get 401 on
 * every non-public route, a role without the permission (packages/auth/src/permissions.ts) gets
 * 403, a role with it gets past authorization. A served route missing from the table fails the
 * first test, so a new endpoint cannot ship without its permission in review.
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

  it("serves exactly the routes of the committed table, each with a known permission or public", () => {
    const served = api.app.routes
      .filter((r) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`);
    expect([...new Set(served)].sort(), "served routes ≠ apps/api/test/route-permissions.json").toEqual(
      Object.keys(ROUTE_PERMISSIONS).sort(),
    );
    const unknown = Object.entries(ROUTE_PERMISSIONS).filter(
      ([, access]) => access !== "public" && !isPermission(access),
    );
    expect(unknown, "permissions that packages/auth does not define").toEqual([]);
    expect(served.length).toBeGreaterThan(40);
  });

  // Every route × 19 callers, one after another: ~25 s here, and it grows with each endpoint, so it
  // gets more than the suite's 30 s.
  it("answers every route for every role exactly as the permission table says", async () => {
    // Logout last: it ends the caller's sign-in.
    const routes = Object.entries(ROUTE_PERMISSIONS).sort(
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
        else expected = can(principal.subject, access as Permission) ? "allowed" : 403;
        const got = result.status === 401 || result.status === 403 ? result.status : "allowed";
        if (got !== expected) wrong.push(`${key} as ${principal.label}: expected ${expected}, got ${result.status}`);
        if (result.status >= 500) wrong.push(`${key} as ${principal.label}: server error ${result.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 180_000);
});
