import { ROLE, ROLE_GROUPS, ROLE_IDS, type RoleId } from "@repo/contracts/roles-constants";
import type { AppId } from "./apps";
import { PAPER_PAGES } from "./paper-paths";

// The ids and groups live with the contracts, which name roles too; here is the table of what they are.
export { ROLE, ROLE_GROUPS, ROLE_IDS, type RoleId };

/**
 * The canonical role table (docs/domain.md, Roles). Role ids stay numeric in data and in
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

const PAPERSETTER_LANDING = PAPER_PAGES.level1Dashboard;

const table: readonly Role[] = [
  {
    id: ROLE.student,
    name: "Student",
    headerTitle: "Student",
    app: "school",
    landingPath: "/student",
    demoUsername: "student",
  },
  {
    id: ROLE.school,
    name: "School",
    headerTitle: "School Portal",
    app: "school",
    landingPath: "/admin-dashboard",
    demoUsername: "school",
  },
  {
    id: ROLE.admin,
    name: "Admin",
    headerTitle: "Admin",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "admin",
  },
  {
    id: ROLE.lms,
    name: "LMS",
    headerTitle: "LMS",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "lms",
  },
  {
    id: ROLE.paySupport,
    name: "Pay Support",
    headerTitle: "Pay Support",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "paysupport",
  },
  {
    id: ROLE.subAdmin,
    name: "Sub Admin",
    headerTitle: "Sub Admin Panel",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "subadmin",
  },
  {
    id: ROLE.organizationTeam,
    name: "Organization Team",
    headerTitle: "Organization Team",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "orgteam",
  },
  {
    id: ROLE.zonalCoordinator,
    name: "Zonal Coordinator",
    headerTitle: "Zonal Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "zonal",
  },
  {
    id: ROLE.stateCoordinator,
    name: "State Coordinator",
    headerTitle: "State Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "state",
  },
  {
    id: ROLE.prantCoordinator,
    name: "Prant Coordinator",
    headerTitle: "Prant Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "prant",
  },
  {
    id: ROLE.districtCoordinator,
    name: "District Coordinator",
    headerTitle: "District Coordinator",
    app: "coordinator",
    landingPath: "/admin-dashboard",
    demoUsername: "district",
  },
  { id: ROLE.outbox, name: "Outbox", headerTitle: null, app: "outbox", landingPath: "/outbox", demoUsername: "outbox" },
  {
    id: ROLE.papersetterAdmin,
    name: "Papersetter Admin",
    headerTitle: "Papersetter Admin Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "psadmin",
  },
  {
    id: ROLE.papersetterSubAdmin,
    name: "Papersetter Sub Admin",
    headerTitle: "Papersetter Sub Admin Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "pssubadmin",
  },
  {
    id: ROLE.subjectPanel,
    name: "Subject Panel",
    headerTitle: "Subject Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "subject",
  },
  {
    id: ROLE.translator,
    name: "Translator Panel",
    headerTitle: "Translator Panel",
    app: "papersetter",
    landingPath: PAPERSETTER_LANDING,
    demoUsername: "translator",
  },
  {
    id: ROLE.masterInstitute,
    name: "Master Institute",
    headerTitle: "Master Institute",
    app: "school",
    landingPath: "/admin-dashboard",
    demoUsername: "masterinstitute",
  },
  {
    id: ROLE.institute,
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
 * to the root of the school app's sign-in area ("a missing or invalid role goes to /").
 */
export function landingFor(roleId: unknown): { app: AppId; path: string } {
  const role = findRole(roleId);
  return role ? { app: role.app, path: role.landingPath } : { app: "school", path: "/" };
}

export function rolesForApp(app: AppId): Role[] {
  return table.filter((role) => role.app === app);
}

/** Whether `roleId` belongs to a group. */
export function inGroup(group: readonly RoleId[], roleId: number): boolean {
  return (group as readonly number[]).includes(roleId);
}

/** The coordinator role of each assignable level of the tree. */
export const COORDINATOR_ROLE_OF_LEVEL = {
  zone: ROLE.zonalCoordinator,
  state: ROLE.stateCoordinator,
  prant: ROLE.prantCoordinator,
  district: ROLE.districtCoordinator,
} as const;

/**
 * The roles a sender may mail as an audience (docs/domain.md, Who may do what): the outbox and
 * admins anyone; a coordinator the school accounts and the coordinators of levels below its own
 * (always inside its own region); nobody else anyone.
 */
export function mailableRoles(senderRoleId: number): RoleId[] {
  if (senderRoleId === ROLE.outbox || inGroup(ROLE_GROUPS.admins, senderRoleId)) return [...ROLE_IDS];
  const levels: readonly RoleId[] = ROLE_GROUPS.coordinators;
  const own = levels.indexOf(senderRoleId as RoleId);
  if (own === -1) return [];
  return [...ROLE_GROUPS.schoolAccounts, ...levels.slice(own + 1)];
}

/** Whether a sender may mail pasted address lists (admins and the outbox: nobody's region limits them). */
export function mayMailAnyAddress(senderRoleId: number): boolean {
  return senderRoleId === ROLE.outbox || inGroup(ROLE_GROUPS.admins, senderRoleId);
}
