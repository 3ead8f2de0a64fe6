import type { AppId } from "./apps";

/**
 * The canonical role table (shared/design/DECISIONS.md §1). Role ids stay numeric in data and in
 * the API; every name, title, app and landing path comes from here, never from scattered literals.
 */
export interface Role {
  readonly id: RoleId;
  /** What the role is, in the programme's own words. */
  readonly name: string;
  /** Shown in the shell header; null where the header is hidden (outbox). */
  readonly headerTitle: string | null;
  readonly app: AppId;
  /** Path inside `app` where the role lands after signing in. */
  readonly landingPath: string;
  /** Username of the demo user seeded for this role. */
  readonly demoUsername: string;
}

export const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
export type RoleId = (typeof ROLE_IDS)[number];

const PAPERSETTER_LANDING = "/paper-editor-admin/level1-dashboard";

const table: readonly Role[] = [
  { id: 1, name: "Student", headerTitle: "Student", app: "school", landingPath: "/student", demoUsername: "student" },
  {
    id: 2,
    name: "School",
    headerTitle: "School Portal",
    app: "school",
    landingPath: "/admin-dashboard",
    demoUsername: "school",
  },
  {
    id: 3,
    name: "Admin",
    headerTitle: "Admin",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "admin",
  },
  { id: 4, name: "LMS", headerTitle: "LMS", app: "coordinator", landingPath: "/admin-dashboard", demoUsername: "lms" },
  {
    id: 5,
    name: "Pay Support",
    headerTitle: "Pay Support",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "paysupport",
  },
  {
    id: 6,
    name: "Sub Admin",
    headerTitle: "Sub Admin Panel",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "subadmin",
  },
  {
    id: 7,
    name: "Organization Team",
    headerTitle: "Organization Team",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "orgteam",
  },
  {
    id: 8,
    name: "Zonal Coordinator",
    headerTitle: "Zonal Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "zonal",
  },
  {
    id: 9,
    name: "State Coordinator",
    headerTitle: "State Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "state",
  },
  {
    id: 10,
    name: "Prant Coordinator",
    headerTitle: "Prant Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "prant",
  },
  {
    id: 11,
    name: "District Coordinator",
    headerTitle: "District Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "district",
  },
  { id: 12, name: "Outbox", headerTitle: null, app: "outbox", landingPath: "/outbox", demoUsername: "outbox" },
  {
    id: 13,
    name: "Papersetter Admin",
    headerTitle: "Papersetter Admin Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "psadmin",
  },
  {
    id: 14,
    name: "Papersetter Sub Admin",
    headerTitle: "Papersetter Sub Admin Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "pssubadmin",
  },
  {
    id: 15,
    name: "Subject Panel",
    headerTitle: "Subject Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "subject",
  },
  {
    id: 16,
    name: "Translator Panel",
    headerTitle: "Translator Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "translator",
  },
  {
    id: 17,
    name: "Master Institute",
    headerTitle: "Master Institute",
    app: "school",
    landingPath: "/admin-dashboard",
    demoUsername: "masterinstitute",
  },
  {
    id: 18,
    name: "Institute",
    headerTitle: "Institute Portal",
    app: "school",
    landingPath: "/admin-dashboard",
    demoUsername: "institute",
  },
];

export const ROLES: readonly Role[] = table;

const byId = new Map<number, Role>(table.map((role) => [role.id, role]));

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === "number" && byId.has(value);
}

/** The role for an id, or undefined for anything that is not a known role id. */
export function findRole(id: unknown): Role | undefined {
  return typeof id === "number" ? byId.get(id) : undefined;
}

export function getRole(id: RoleId): Role {
  const role = byId.get(id);
  if (!role) throw new RangeError(`Unknown role id ${id}`);
  return role;
}

/**
 * Where a signed-in user belongs: the app and path of their role. A missing or invalid role goes
 * to the root of the school app's sign-in area (spec §2: "a missing or invalid role goes to /").
 */
export function landingFor(roleId: unknown): { app: AppId; path: string } {
  const role = findRole(roleId);
  return role ? { app: role.app, path: role.landingPath } : { app: "school", path: "/" };
}

export function rolesForApp(app: AppId): Role[] {
  return table.filter((role) => role.app === app);
}

export const COORDINATOR_ROLE_IDS = [8, 9, 10, 11] as const satisfies readonly RoleId[];
export const ADMIN_ROLE_IDS = [3, 6, 7] as const satisfies readonly RoleId[];
