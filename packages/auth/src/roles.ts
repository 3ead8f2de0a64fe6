import type { AppId } from "./apps";
import { PAPER_PAGES } from "./paper-paths";

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

export const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
export type RoleId = (typeof ROLE_IDS)[number];

const PAPERSETTER_LANDING = PAPER_PAGES.level1Dashboard;

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
 * to the root of the school app's sign-in area ("a missing or invalid role goes to /").
 */
export function landingFor(roleId: unknown): { app: AppId; path: string } {
  const role = findRole(roleId);
  return role ? { app: role.app, path: role.landingPath } : { app: "school", path: "/" };
}

export function rolesForApp(app: AppId): Role[] {
  return table.filter((role) => role.app === app);
}

/** Role ids by name: rules and services say `ROLE.school`, never `2`. */
export const ROLE = {
  student: 1,
  school: 2,
  admin: 3,
  lms: 4,
  paySupport: 5,
  subAdmin: 6,
  organizationTeam: 7,
  zonalCoordinator: 8,
  stateCoordinator: 9,
  prantCoordinator: 10,
  districtCoordinator: 11,
  outbox: 12,
  papersetterAdmin: 13,
  papersetterSubAdmin: 14,
  subjectPanel: 15,
  translator: 16,
  masterInstitute: 17,
  institute: 18,
} as const satisfies Record<string, RoleId>;

/** The named groups of roles the permission table and the services speak of (docs/domain.md, "Roles"). */
export const ROLE_GROUPS = {
  everyone: ROLE_IDS,
  /** Admin, Sub Admin, Organization Team. */
  admins: [ROLE.admin, ROLE.subAdmin, ROLE.organizationTeam],
  /** Zonal, state, prant and district coordinators, from the widest region to the narrowest. */
  coordinators: [ROLE.zonalCoordinator, ROLE.stateCoordinator, ROLE.prantCoordinator, ROLE.districtCoordinator],
  /** Everyone who works in the coordinator app (3-11). */
  coordinatorApp: [
    ROLE.admin,
    ROLE.lms,
    ROLE.paySupport,
    ROLE.subAdmin,
    ROLE.organizationTeam,
    ROLE.zonalCoordinator,
    ROLE.stateCoordinator,
    ROLE.prantCoordinator,
    ROLE.districtCoordinator,
  ],
  /** Accounts that stand for a school: school, master institute, institute. */
  schoolAccounts: [ROLE.school, ROLE.masterInstitute, ROLE.institute],
  /** Accounts that own one school's students (a master institute owns several schools instead). */
  singleSchools: [ROLE.school, ROLE.institute],
  papersetters: [ROLE.papersetterAdmin, ROLE.papersetterSubAdmin, ROLE.subjectPanel, ROLE.translator],
} as const satisfies Record<string, readonly RoleId[]>;

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
