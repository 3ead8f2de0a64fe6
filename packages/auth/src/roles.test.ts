import { describe, expect, it } from "vitest";
import { APP_IDS } from "./apps";
import {
  findRole,
  getRole,
  isRoleId,
  landingFor,
  mailableRoles,
  mayMailAnyAddress,
  ROLE,
  ROLE_GROUPS,
  ROLE_IDS,
  ROLES,
  rolesForApp,
} from "./roles";

describe("role table", () => {
  it("has exactly the ids 1 to 18, in order, each once", () => {
    expect(ROLES.map((r) => r.id)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect([...ROLE_IDS]).toEqual(ROLES.map((r) => r.id));
  });

  it("gives every role a unique demo username and, except outbox, a header title", () => {
    const usernames = ROLES.map((r) => r.demoUsername);
    expect(new Set(usernames).size).toBe(18);
    for (const role of ROLES) {
      if (role.id === 12) expect(role.headerTitle).toBeNull();
      else expect(role.headerTitle).toMatch(/\S/);
    }
  });

  it("sends each role to the app and page of docs/domain.md, Roles", () => {
    expect(landingFor(1)).toEqual({ app: "school", path: "/student" });
    expect(landingFor(2)).toEqual({ app: "school", path: "/admin-dashboard" });
    expect(landingFor(12)).toEqual({ app: "outbox", path: "/outbox" });
    for (const id of [3, 4, 5, 6, 7, 8, 9, 10, 11]) {
      expect(landingFor(id)).toEqual({ app: "coordinator", path: "/admin-dashboard" });
    }
    for (const id of [13, 14, 15, 16]) {
      expect(landingFor(id)).toEqual({ app: "papersetter", path: "/paper-editor-admin/level1-dashboard" });
    }
    expect(landingFor(17)).toEqual({ app: "school", path: "/admin-dashboard" });
    expect(landingFor(18)).toEqual({ app: "school", path: "/admin-dashboard" });
  });

  it("sends a missing or invalid role to /", () => {
    for (const bad of [undefined, null, 0, 19, "3", 3.5, Number.NaN]) {
      expect(landingFor(bad)).toEqual({ app: "school", path: "/" });
      expect(isRoleId(bad)).toBe(false);
      expect(findRole(bad)).toBeUndefined();
    }
  });

  it("uses the header-title reading of the role names", () => {
    expect(getRole(ROLE.admin).headerTitle).toBe("Admin");
    expect(getRole(ROLE.subAdmin).headerTitle).toBe("Sub Admin Panel");
    expect(getRole(ROLE.stateCoordinator).headerTitle).toBe("State Coordinator");
    expect(getRole(ROLE.institute).headerTitle).toBe("Institute Portal");
  });

  it("assigns every role to exactly one of the four apps", () => {
    const counted = APP_IDS.flatMap((app) => rolesForApp(app).map((r) => r.id)).sort((a, b) => a - b);
    expect(counted).toEqual([...ROLE_IDS]);
    expect(rolesForApp("outbox").map((r) => r.id)).toEqual([ROLE.outbox]);
    expect(rolesForApp("papersetter").map((r) => r.id)).toEqual([...ROLE_GROUPS.papersetters]);
  });
});

describe("who may be mailed", () => {
  it("lets the outbox and admins mail every role and pasted lists", () => {
    for (const sender of [ROLE.outbox, ...ROLE_GROUPS.admins]) {
      expect(mailableRoles(sender)).toHaveLength(ROLE_IDS.length);
      expect(mayMailAnyAddress(sender)).toBe(true);
    }
  });

  it("lets a coordinator mail school accounts and the coordinators below it, nothing else", () => {
    expect(mailableRoles(ROLE.zonalCoordinator)).toEqual([
      ...ROLE_GROUPS.schoolAccounts,
      ROLE.stateCoordinator,
      ROLE.prantCoordinator,
      ROLE.districtCoordinator,
    ]);
    expect(mailableRoles(ROLE.stateCoordinator)).toEqual([
      ...ROLE_GROUPS.schoolAccounts,
      ROLE.prantCoordinator,
      ROLE.districtCoordinator,
    ]);
    expect(mailableRoles(ROLE.districtCoordinator)).toEqual([...ROLE_GROUPS.schoolAccounts]);
    expect(mayMailAnyAddress(ROLE.stateCoordinator)).toBe(false);
  });

  it("lets nobody else mail audiences", () => {
    for (const sender of [1, 2, 4, 5, 13, 16, 17, 18]) expect(mailableRoles(sender)).toEqual([]);
  });
});
