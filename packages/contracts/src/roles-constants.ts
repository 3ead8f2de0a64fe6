// The role ids and their named groups (docs/domain.md, Roles): plain values, so that contracts can
// name a role too (decision 007). packages/auth/src/roles.ts re-exports them beside the role table;
// everything else imports them from there.

export const ROLE_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18] as const;
export type RoleId = (typeof ROLE_IDS)[number];

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
