import { ROLE, ROLE_GROUPS, ROLE_IDS, type RoleId } from "./roles";

/**
 * The one permission table (docs/domain.md, Who may do what). The API enforces it on every endpoint; the apps build
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

const {
  admins: ADMINS,
  coordinators: COORDINATORS,
  schoolAccounts: SCHOOL_ACCOUNTS,
  papersetters: PAPERSETTERS,
} = ROLE_GROUPS;
/** A school's bank-detail page opens once it has referred more students than this. */
export const BANK_DETAIL_REFERRED_THRESHOLD = 10;

const ADMINS_AND_COORDINATORS = [...ADMINS, ...COORDINATORS] as const;
/** Admin and Sub Admin: the two roles trusted with destructive and people-managing work. */
const TOP_ADMINS = [ROLE.admin, ROLE.subAdmin] as const;
/** Coordinators who have a level below their own to manage. */
const MANAGING_COORDINATORS = [ROLE.zonalCoordinator, ROLE.stateCoordinator, ROLE.prantCoordinator] as const;
/** Who writes the portal's content: LMS, Admin and Sub Admin. */
const CONTENT_MANAGERS = [ROLE.lms, ...TOP_ADMINS] as const;
const PAPER_WRITERS = [ROLE.papersetterAdmin, ROLE.papersetterSubAdmin, ROLE.subjectPanel] as const;
const PAPER_LEADS = [ROLE.papersetterAdmin, ROLE.papersetterSubAdmin] as const;

export const PERMISSIONS = {
  // Anyone signed in: their own profile, password, mobile, sign-out, moving between apps.
  "self.profile": [{ roles: ROLE_GROUPS.everyone }],
  // Region lists for pickers and filters (scoped to what the user may see).
  "regions.read": [{ roles: ROLE_GROUPS.everyone }],

  // Student area (role 1).
  "student.area": [{ roles: [ROLE.student] }],

  // School app (2 school, 17 master institute, 18 institute).
  "school.dashboard": [{ roles: SCHOOL_ACCOUNTS }],
  // The coordinators whose region holds the school (dashboard, contact).
  "school.coordinators": [{ roles: SCHOOL_ACCOUNTS }],
  // The school accounts, and students for what is addressed to them (issue 16).
  "notifications.view": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student] }],
  "contact.view": [{ roles: SCHOOL_ACCOUNTS }],
  "statistics.view": [{ roles: SCHOOL_ACCOUNTS }],
  "school.profile.edit": [{ roles: SCHOOL_ACCOUNTS }],
  "school.password.update": [{ roles: SCHOOL_ACCOUNTS }],
  "payments.history": [{ roles: SCHOOL_ACCOUNTS }],
  // A paid order's invoice: its payer (an individual student too), and the staff who answer payers' questions (pay support, 3 and 6).
  "payments.invoice": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student, ROLE.paySupport, ...TOP_ADMINS] }],
  // A master institute adds students into one of its schools, chosen on the page (issue 11).
  "students.add": [{ roles: [...ROLE_GROUPS.singleSchools, ROLE.masterInstitute] }],
  "students.view": [{ roles: SCHOOL_ACCOUNTS }],
  // Printouts for students without e-mail (decision 050): admit cards of the paid, sign-in slips.
  "students.admitCards": [{ roles: SCHOOL_ACCOUNTS }],
  "students.signInSlips": [{ roles: SCHOOL_ACCOUNTS }],
  "students.schoolPaidUnpaid": [{ roles: ROLE_GROUPS.singleSchools }],
  "students.referred": [{ roles: [ROLE.school] }],
  // One school's students, for whoever oversees it (the API scopes it to the school's region).
  "students.sponsored": [{ roles: SCHOOL_ACCOUNTS }, { roles: ADMINS_AND_COORDINATORS }],
  "importantDates.view": [{ roles: ROLE_GROUPS.singleSchools }],
  "institute.schools.manage": [{ roles: [ROLE.masterInstitute] }],
  "bankDetails.manage": [
    { roles: [ROLE.masterInstitute] },
    { roles: [ROLE.school], referredAbove: BANK_DETAIL_REFERRED_THRESHOLD },
  ],
  "payments.payForStudents": [{ roles: [ROLE.school, ROLE.masterInstitute] }],
  // An individual student (role 1) pays its own fee (decision 013).
  "payments.payOwnFee": [{ roles: [ROLE.student] }],
  // Buying priced study materials (a cart paid like a student order).
  "studyMaterial.buy": [{ roles: SCHOOL_ACCOUNTS }],
  // Whoever pays anything follows its own orders through checkout and the result (the API shows
  // each payer only its own orders).
  "payments.checkout": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student] }],
  // Raised requests (docs/domain.md, Fees and payments): payers raise them about a payment; pay support answers. Both
  // read them; the API shows a payer only its own.
  "raisedRequests.raise": [{ roles: SCHOOL_ACCOUNTS }],
  "raisedRequests.view": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.paySupport] }],
  "school.toggleActive": [{ roles: [ROLE.school] }],
  // The school app's study-material pages meant for students too (material, syllabus, lectures, the
  // exam's instructions): the school accounts and the student (issue 16, decision 025).
  "studyMaterial.view": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student] }],
  // The programme's brochures (download and flipbook): the school accounts, who hand them on.
  "brochures.view": [{ roles: SCHOOL_ACCOUNTS }],
  // Reading published content through the API (schools, institutes, students), and the publishers'
  // own lists; the API shows readers only published items meant for them.
  "content.read": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student, ...CONTENT_MANAGERS] }],

  // Coordinator app (3-11).
  "admin.dashboard": [{ roles: ROLE_GROUPS.coordinatorApp }],
  "analytics.view": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "statistics.region": [{ roles: ADMINS_AND_COORDINATORS }],
  "ranking.view": [{ roles: ADMINS_AND_COORDINATORS }],
  "students.regionLists": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "students.total": [{ roles: ADMINS_AND_COORDINATORS }],
  // Individual (SIF) students: bulk import and deleting unpaid ones are Admin and Sub Admin work.
  "individualStudents.manage": [{ roles: TOP_ADMINS }],
  "students.bulkImport": [{ roles: [ROLE.stateCoordinator], gcc: true }],
  "schools.total": [{ roles: ADMINS_AND_COORDINATORS }],
  "schools.paidUnpaid": [{ roles: ADMINS }, { roles: COORDINATORS, gcc: false }],
  "schools.gcc": [{ roles: [ROLE.lms] }],
  "masterInstitutes.manage": [{ roles: [ROLE.lms] }],
  // Content (study material, pages, notifications): LMS, and the admins who run the programme (issue 10).
  "content.manage": [{ roles: CONTENT_MANAGERS }],
  // The static pages' text (download app, level 1 exam, contact …): whoever sees those pages or writes them.
  "staticPages.view": [{ roles: [...SCHOOL_ACCOUNTS, ROLE.student, ...CONTENT_MANAGERS] }],
  "paySupport.manage": [{ roles: [ROLE.paySupport] }],
  "regions.manage": [{ roles: ADMINS }],
  // Changing any school's registration details and bank details.
  "schools.adminEdit": [{ roles: ADMINS }],
  // Deleting a school is destructive: Admin and Sub Admin only (docs/domain.md, Who may do what).
  "schools.delete": [{ roles: TOP_ADMINS }],
  // Coordinators manage only the levels below their own (enforced by the coordinator service).
  "coordinators.manage": [{ roles: [...TOP_ADMINS, ...MANAGING_COORDINATORS] }],
  // Region masters: every level's coordinators, the Organization Team's too (Admin and Sub Admin).
  "regionMasters.manage": [{ roles: TOP_ADMINS }],
  "passwords.manage": [{ roles: [...TOP_ADMINS, ...MANAGING_COORDINATORS] }],
  // Sending to an audience: the outbox for anyone, admins and coordinators within their region.
  "mail.send": [{ roles: [...ADMINS_AND_COORDINATORS, ROLE.outbox] }],
  "results.view": [{ roles: ADMINS_AND_COORDINATORS }],
  "results.mock": [{ roles: ADMINS_AND_COORDINATORS.filter((role) => role !== ROLE.stateCoordinator) }],
  // A school's own students' results and certificates (the school app's Results page; a master institute: its schools').
  "results.own": [{ roles: SCHOOL_ACCOUNTS }],
  // Certificates: the student's school (or master institute), and admins and coordinators (scoped by region).
  "certificates.download": [{ roles: SCHOOL_ACCOUNTS }, { roles: ADMINS_AND_COORDINATORS }],
  // Referral commissions (rules, the ledger, approvals, payouts, verifying bank details): money, so 3 and 6.
  "referrals.manage": [{ roles: TOP_ADMINS }],
  // Marking a student paid by hand (cheque, bank transfer): 3 and 6.
  "payments.markPaid": [{ roles: TOP_ADMINS }],
  // Refunding a paid order (docs/domain.md, Fees and payments: "refunded for admins"); admins find the
  // order on pay support's Student Payments page, which they may read but not act on otherwise.
  "payments.refundOrder": [{ roles: TOP_ADMINS }],
  "paySupport.orders": [{ roles: [ROLE.paySupport, ...TOP_ADMINS] }],
  "exam.uploadFile": [{ roles: TOP_ADMINS }],
  "exam.reset": [{ roles: TOP_ADMINS }],

  // Papersetter app (13-16).
  "papers.dashboard": [{ roles: PAPERSETTERS }],
  "questions.view": [{ roles: PAPERSETTERS }],
  // Answer keys and version histories (which hold the keys): the writers. Translators see the text
  // they translate, never keys (issue 34, decision 049).
  "questions.keys": [{ roles: PAPER_WRITERS }],
  "activityLogs.view": [{ roles: PAPER_WRITERS }],
  "questions.edit": [{ roles: PAPER_WRITERS }],
  "questions.translate": [{ roles: [...PAPER_LEADS, ROLE.translator] }],
  "questions.rollback": [{ roles: PAPER_LEADS }],
  // Marking a question reviewed, so that it may go into a paper set.
  "questions.review": [{ roles: PAPER_LEADS }],
  // Creating draft paper sets, their sections' rules and questions (finalizing is narrower).
  // Paper sets, their sections and which questions they hold (a draft's composition): not translators.
  "paperSets.view": [{ roles: PAPER_WRITERS }],
  "paperSets.assemble": [{ roles: PAPER_LEADS }],
  // Which subjects a subject panel user writes in, which languages a translator translates into.
  "panel.manage": [{ roles: [ROLE.papersetterAdmin] }],
  "paperSets.finalize": [{ roles: [ROLE.papersetterAdmin] }],
  "paperSets.copyMock": [{ roles: [ROLE.papersetterAdmin] }],
  "paperSets.export": [{ roles: PAPER_LEADS }],
  "exams.schedule": [{ roles: [ROLE.papersetterAdmin] }],
  // The exam dates: every signed-in role but the outbox (schools and students plan by them).
  "examSchedule.view": [{ roles: ROLE_GROUPS.everyone.filter((role) => role !== ROLE.outbox) }],

  // Outbox app (12).
  "outbox.use": [{ roles: [ROLE.outbox] }],
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
