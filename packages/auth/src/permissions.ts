import { ADMIN_ROLE_IDS, COORDINATOR_ROLE_IDS, ROLE_IDS, type RoleId } from "./roles";

/**
 * The one permission table (DECISIONS §2). The API enforces it on every endpoint; the apps build
 * their menus from it. A permission is `resource.action`; a rule grants it to some roles, optionally
 * only when the user is (or is not) in the GCC zone, or has referred more than N students.
 */
export interface Subject {
  roleId: number;
  /** The user's zone is GCC (Gulf). */
  isGcc: boolean;
  /** Students referred by the user's school (bank detail unlocks above 10). */
  referredStudents: number;
}

export interface Rule {
  readonly roles: readonly RoleId[];
  /** true: only GCC users; false: only users outside GCC; absent: either. */
  readonly gcc?: boolean;
  /** Only when referredStudents is strictly greater than this. */
  readonly referredAbove?: number;
}

const ADMINS = ADMIN_ROLE_IDS;
const COORDINATORS = COORDINATOR_ROLE_IDS;
const ADMINS_AND_COORDINATORS = [...ADMINS, ...COORDINATORS] as const;
const COORDINATOR_APP = [3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
const SCHOOL_ACCOUNTS = [2, 17, 18] as const;
const PAPERSETTERS = [13, 14, 15, 16] as const;

export const PERMISSIONS = {
  // Anyone signed in: their own profile, password, mobile, sign-out, moving between apps.
  "self.profile": [{ roles: ROLE_IDS }],
  // Region lists for pickers and filters (scoped to what the user may see).
  "regions.read": [{ roles: ROLE_IDS }],

  // Student area (role 1).
  "student.area": [{ roles: [1] }],

  // School app (2 school, 17 master institute, 18 institute).
  "school.dashboard": [{ roles: SCHOOL_ACCOUNTS }],
  "notifications.view": [{ roles: SCHOOL_ACCOUNTS }],
  "contact.view": [{ roles: SCHOOL_ACCOUNTS }],
  "statistics.view": [{ roles: SCHOOL_ACCOUNTS }],
  "school.profile.edit": [{ roles: SCHOOL_ACCOUNTS }],
  "school.password.update": [{ roles: SCHOOL_ACCOUNTS }],
  "payments.history": [{ roles: SCHOOL_ACCOUNTS }],
  "students.add": [{ roles: [2, 18] }],
  "students.view": [{ roles: SCHOOL_ACCOUNTS }],
  "students.schoolPaidUnpaid": [{ roles: [2, 18] }],
  "students.referred": [{ roles: [2] }],
  "importantDates.view": [{ roles: [2, 18] }],
  "institute.schools.manage": [{ roles: [17] }],
  "bankDetails.manage": [{ roles: [17] }, { roles: [2], referredAbove: 10 }],
  "payments.payForStudents": [{ roles: [2, 17] }],
  "school.toggleActive": [{ roles: [2] }],
  "studyMaterial.view": [{ roles: SCHOOL_ACCOUNTS }],

  // Coordinator app (3-11).
  "admin.dashboard": [{ roles: COORDINATOR_APP }],
  "analytics.view": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "ranking.view": [{ roles: ADMINS_AND_COORDINATORS }],
  "students.regionLists": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "students.total": [{ roles: ADMINS_AND_COORDINATORS }],
  "students.bulkImport": [{ roles: [9], gcc: true }],
  "schools.total": [{ roles: ADMINS_AND_COORDINATORS }],
  "schools.paidUnpaid": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "schools.gcc": [{ roles: [4] }],
  "masterInstitutes.manage": [{ roles: [4] }],
  "content.manage": [{ roles: [4] }],
  "paySupport.manage": [{ roles: [5] }],
  "regions.manage": [{ roles: ADMINS }],
  // Coordinators manage only the levels below their own (enforced by the coordinator service).
  "coordinators.manage": [{ roles: [3, 6, 8, 9, 10] }],
  "passwords.manage": [{ roles: [3, 6, 8, 9, 10] }],
  "mail.send": [{ roles: ADMINS_AND_COORDINATORS }],
  "results.view": [{ roles: ADMINS_AND_COORDINATORS }],
  "results.mock": [{ roles: [3, 6, 7, 8, 10, 11] }],
  "exam.uploadFile": [{ roles: [3, 6] }],
  "exam.reset": [{ roles: [3, 6] }],

  // Papersetter app (13-16).
  "papers.dashboard": [{ roles: PAPERSETTERS }],
  "questions.view": [{ roles: PAPERSETTERS }],
  "activityLogs.view": [{ roles: [13, 14, 15] }],
  "questions.edit": [{ roles: [13, 14, 15] }],
  "questions.translate": [{ roles: [13, 14, 16] }],
  "questions.rollback": [{ roles: [13, 14] }],
  "paperSets.finalize": [{ roles: [13] }],
  "paperSets.copyMock": [{ roles: [13] }],
  "paperSets.export": [{ roles: [13, 14] }],
  "exams.schedule": [{ roles: [13] }],

  // Outbox app (12).
  "outbox.use": [{ roles: [12] }],
} as const satisfies Record<string, readonly Rule[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSIONS, value);
}

function ruleAllows(rule: Rule, subject: Subject): boolean {
  if (!(rule.roles as readonly number[]).includes(subject.roleId)) return false;
  if (rule.gcc !== undefined && rule.gcc !== subject.isGcc) return false;
  if (rule.referredAbove !== undefined && !(subject.referredStudents > rule.referredAbove)) return false;
  return true;
}

/** Whether `subject` holds `permission`. Unknown roles hold nothing. */
export function can(subject: Subject, permission: Permission): boolean {
  const rules: readonly Rule[] = PERMISSIONS[permission];
  return rules.some((rule) => ruleAllows(rule, subject));
}

/** Every role that holds `permission` under some condition (for documentation and test matrices). */
export function rolesWith(permission: Permission): RoleId[] {
  const rules: readonly Rule[] = PERMISSIONS[permission];
  return ROLE_IDS.filter((id) => rules.some((rule) => (rule.roles as readonly number[]).includes(id)));
}
