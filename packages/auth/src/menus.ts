import type { AppId } from "./apps";
import { PAPER_PAGES } from "./paper-paths";
import { can, type Permission, type Subject } from "./permissions";
import { RESULT_PAGES } from "./result-paths";
import { PRINTOUT_PAGES, STUDENT_PAGES } from "./student-paths";

/**
 * Every page of the four apps with its title, the permission that opens it (docs/domain.md, Who may do what)
 * and its place in the sidebar. The sidebar, the page titles and breadcrumbs, the route guards and
 * the end-to-end menu tests are all derived from this one tree, so they cannot disagree.
 */
export interface PageNode {
  id: string;
  title: string;
  /** Absent for a group that only holds children. */
  path?: string;
  /** Who may open the page; a group is shown when any child is. */
  permission?: Permission;
  /** Icon name from the design system's icon set (top-level items only). */
  icon?: string;
  /** A page that exists but is reached from another page, not from the sidebar. */
  hidden?: boolean;
  /** What the page will hold; shown in its empty state until the screen is built. */
  description?: string;
  children?: PageNode[];
}

// The builders keep each page's id as a literal type, so `pagePath(app, id)` is checked when it is
// written: a screen or test cannot link to a page that does not exist.
const page = <const Id extends string, const Extra extends Partial<PageNode> = Record<never, never>>(
  id: Id,
  title: string,
  path: string,
  permission: Permission,
  extra?: Extra,
) => ({ id, title, path, permission, ...extra }) as PageNode & { id: Id; path: string } & Extra;

const group = <const Id extends string, const Children extends readonly PageNode[]>(
  id: Id,
  title: string,
  icon: string,
  children: Children,
) => ({ id, title, icon, children }) as PageNode & { id: Id; children: Children };

// The school app's study material. Students (role 1) open the pages meant for them (material,
// syllabus, the app, lectures and the exam's instructions: studyMaterial.view), not buying or the
// brochures, which are for the school accounts (decision 025).
const STUDY_MATERIAL = (permission: Permission) =>
  group("study-material", "Study Material", "book", [
    page("study-material", "Study Material", "/study-material/study-material", permission),
    page("buy-study-material", "Buy Study Material", "/study-material/buy-study-material", "studyMaterial.buy"),
    page("syllabus-1", "Syllabus for Exam Level I", "/study-material/syllabus-for-exam-level-i", permission),
    page("syllabus-2", "Question Paper Pattern (Level II)", "/study-material/syllabus-for-exam-level-ii", permission),
    page("detailed-syllabus", "Detailed Syllabus", "/study-material/detailed-syllabus", permission),
    page("download-app", "Download App", "/study-material/download-app", permission),
    page("brochure-download", "Brochure Download", "/study-material/vvm-brochure-download", "brochures.view"),
    page("brochure-flipbook", "Brochure Flipbook", "/study-material/vvm-brochure-flipbook", "brochures.view"),
    page("lecture-series", "Student Lecture Series", "/study-material/go-to-student-lecture-series", permission),
    page("mock-instructions", "Mock Exam Instructions", "/study-material/mock-instructions-sif", permission, {
      hidden: true,
    }),
    page("level-1-exam", "Level 1 Exam", "/study-material/level-1-exam", permission, { hidden: true }),
    page("how-to-attempt", "How to Attempt the Mock Exam", "/study-material/how-to-attempt-mock-exam", permission, {
      hidden: true,
    }),
  ]);

const PROFILE = page("view-profile", "My Profile", "/view-profile", "self.profile", { hidden: true });

const SCHOOL = [
  page("student-home", "My Exams", STUDENT_PAGES.home, "student.area", {
    icon: "home",
    description: "Your exams, admit card and results.",
    children: [
      // Reached from the student's exams (student-paths.ts studentResultsPath: ?level=…).
      page("student-results", "My Result", STUDENT_PAGES.results, "student.area", { hidden: true }),
    ],
  }),
  page("pay-my-fee", "My Fee", "/payment/pay-my-fee", "payments.payOwnFee", { icon: "credit-card" }),
  page("dashboard", "Dashboard", "/admin-dashboard", "school.dashboard", {
    icon: "dashboard",
    description: "Registrations, payments and exam dates of your school at a glance.",
  }),
  page("statistics", "Statistics", "/statistics", "statistics.view", { icon: "chart-bar" }),
  page("results", "Results", "/results", "results.own", {
    icon: "award",
    description: "Your students' marks, ranks and awards, with their certificates.",
  }),
  group("students", "Students", "users", [
    page("add-students", "Add Students", "/student/Add-students", "students.add"),
    page("view-students", "View Students", "/student/view-students", "students.view"),
    page("admit-cards", "Admit Cards & Slips", PRINTOUT_PAGES.page, "students.admitCards"),
    page("paid-school-students", "Paid Students", "/student/paid-school-student", "students.schoolPaidUnpaid"),
    page("unpaid-school-students", "Unpaid Students", "/student/unpaid-school-student", "students.schoolPaidUnpaid"),
    page("referred-students", "Referred Students", "/student/view-referred-students", "students.referred"),
    page("referral-earnings", "Referral Earnings", "/student/referral-earnings", "students.referred"),
    page("important-dates", "Important Dates", "/student/important-dates", "importantDates.view"),
  ]),
  group("institute", "Schools", "school", [
    page("add-school", "Add School", "/institute/Add-school", "institute.schools.manage"),
    page("view-school", "View Schools", "/institute/view-school", "institute.schools.manage"),
  ]),
  group("school", "School", "settings", [
    page("edit-school-profile", "Edit School Profile", "/school/edit-school-profile", "school.profile.edit"),
    page("update-school-password", "Update Password", "/school/update-school-password", "school.password.update"),
    page("bank-detail", "Bank Detail", "/school/bank-detail", "bankDetails.manage"),
  ]),
  group("payment", "Payment", "credit-card", [
    page("payment-student", "Payment for Students", "/payment/payment-student", "payments.payForStudents"),
    page("payment-history", "Payment History", "/payment/payment-history", "payments.history"),
    page("raised-requests", "Payment Requests", "/payment/raised-requests", "raisedRequests.raise"),
    page("disable-account", "Activate / Deactivate School", "/payment/disable-account", "school.toggleActive"),
  ]),
  STUDY_MATERIAL("studyMaterial.view"),
  page("notifications", "Notifications", "/content/notifications", "notifications.view", { icon: "bell" }),
  page("contact", "Contact", "/contact/contact", "contact.view", { icon: "mail" }),
  PROFILE,
];

const COORDINATOR = [
  page("dashboard", "Dashboard", "/admin-dashboard", "admin.dashboard", {
    icon: "dashboard",
    description: "Registrations, payments and results of your region at a glance.",
  }),
  page("analytics", "Analytics", "/analytic", "analytics.view", { icon: "chart-pie" }),
  page("analytics-admin", "Analytics", "/admin", "analytics.view", { hidden: true }),
  page("statistics", "Statistics", "/statistics", "statistics.region", { icon: "chart-bar" }),
  page("ranking", "Ranking", RESULT_PAGES.ranking, "ranking.view", {
    icon: "award",
    children: [
      page("state-wise-district", "State-wise Districts", RESULT_PAGES.stateWiseDistrict, "ranking.view", {
        hidden: true,
      }),
      page("district-ranker-list", "District Rankers", RESULT_PAGES.districtRankerList, "ranking.view", {
        hidden: true,
      }),
    ],
  }),
  group("students", "Students", "users", [
    page("individual-students", "Individual Students", "/individual-student", "students.regionLists", {
      description: "Students who registered on their own, with or without a school's referral code.",
    }),
    // The old portal's second address of the same list (key individual_students); it leads to the one above.
    page(
      "view-individual-students",
      "Individual Students",
      "/student/view-individual-students",
      "students.regionLists",
      { hidden: true },
    ),
    page("total-students", "Total Students", "/total-student", "students.total"),
    // The old portal's address of the region's students (key total_students_zonal); it leads above.
    page("view-students", "Total Students", "/student/view-students", "students.total", { hidden: true }),
    page("paid-students", "Paid Students", "/paid-student", "students.regionLists"),
    page("school-students", "School-wise Students", "/school-student", "students.regionLists"),
    page("school-paid-students", "School-wise Paid", "/school-paid-student", "students.regionLists"),
    page("school-unpaid-students", "School-wise Unpaid", "/school-unpaid-student", "students.regionLists"),
    page(
      "student-import",
      "Bulk Student Import",
      "/region-masters/states-coordinators/student-import",
      "students.bulkImport",
    ),
  ]),
  group("schools", "Schools", "school", [
    page("total-schools", "Total Schools", "/school/total-schools", "schools.total"),
    page("paid-schools", "Paid Schools", "/paid-schools", "schools.paidUnpaid"),
    page("unpaid-schools", "Unpaid Schools", "/unpaid-schools", "schools.paidUnpaid"),
    page("gcc-schools", "GCC Schools", "/view-gcc-school", "schools.gcc"),
    page(
      "master-institutes",
      "Master Institutes",
      "/master-institute-management/view-master-institute",
      "masterInstitutes.manage",
    ),
  ]),
  group("content", "Content", "file", [
    page("important-dates", "Important Dates", "/student/important-dates", "content.manage"),
    page("important-dates-gcc", "Important Dates (GCC)", "/student/important-dates-gcc", "content.manage"),
    page("study-material", "Study Material", "/study-material/study-material", "content.manage"),
    page("syllabus-1", "Syllabus for Exam Level I", "/study-material/syllabus-for-exam-level-i", "content.manage"),
    page("syllabus-2", "Syllabus for Exam Level II", "/study-material/syllabus-for-exam-level-ii", "content.manage"),
    page(
      "question-paper-pattern",
      "Question Paper Pattern",
      "/study-material/question-paper-pattern",
      "content.manage",
    ),
    page("detailed-syllabus", "Detailed Syllabus", "/study-material/detailed-syllabus", "content.manage"),
    page("brochure-download", "Brochure Download", "/study-material/vvm-brochure-download", "content.manage"),
    page("brochure-flipbook", "Brochure Flipbook", "/study-material/vvm-brochure-flipbook", "content.manage"),
    page("lecture-series", "Student Lecture Series", "/study-material/go-to-student-lecture-series", "content.manage"),
    page("static-pages", "Static Pages", "/content/static-pages", "content.manage"),
    page("notifications", "Notifications", "/content/notifications", "content.manage"),
  ]),
  group("pay-support", "Pay Support", "credit-card", [
    page("student-pay-support", "Student Payments", "/paysupport/student-pay-support", "paySupport.orders"),
    page(
      "referred-pay-support",
      "Referred Student Payments",
      "/paysupport/referred-student-pay-support",
      "paySupport.manage",
    ),
    page("school-pay-support", "School Payments", "/paysupport/school-pay-support", "paySupport.manage"),
    page("order-review", "Order Review", "/paysupport/order-review", "paySupport.manage"),
    page("raised-requests", "Raised Requests", "/paysupport/raised-requests", "paySupport.manage"),
    page("student-inactive-list", "Inactive Students", "/paysupport/student-inactive-list", "paySupport.manage"),
  ]),
  group("referrals", "Referrals", "list", [
    page("commission-rules", "Commission Rules", "/referrals/commission-rules", "referrals.manage"),
    page("commission-ledger", "Commission Ledger", "/referrals/commission-ledger", "referrals.manage"),
  ]),
  group("region-masters", "Region Masters", "map-pin", [
    page("zonal-coordinators", "Zonal Coordinators", "/region-masters/zonal-coordinators", "regionMasters.manage"),
    page("state-coordinators", "State Coordinators", "/region-masters/states-coordinators", "regionMasters.manage"),
    page("prant-coordinators", "Prant Coordinators", "/region-masters/prant-coordinators", "regionMasters.manage"),
    page(
      "organizing-coordinators",
      "Organizing Coordinators",
      "/region-masters/organizing-coordinators",
      "regionMasters.manage",
    ),
    page(
      "district-coordinators",
      "District Coordinators",
      "/region-masters/district-coordinators",
      "regionMasters.manage",
    ),
  ]),
  group("coordinator-management", "Coordinator Management", "users", [
    page("state-coordinator-management", "State Coordinators", "/state-coordinator-management", "coordinators.manage"),
    page(
      "district-coordinator-management",
      "District Coordinators",
      "/district-coordinator-management",
      "coordinators.manage",
    ),
    page("update-password", "Password Management", "/password/update-password", "passwords.manage"),
  ]),
  group("regions", "Regions", "globe", [
    page("zones", "Zones", "/regions/zones", "regions.manage"),
    page("states", "States", "/regions/states", "regions.manage"),
    page("prants", "Prants", "/regions/prants", "regions.manage"),
    page("districts", "Districts", "/regions/districts", "regions.manage"),
    page("cities", "Cities", "/regions/cities", "regions.manage"),
  ]),
  page("send-mail", "Send Mail", "/send-mail", "mail.send", { icon: "send" }),
  group("results", "Result Overview", "chart-bar", [
    page("statewise-student-list", "Statewise Student List", "/result-overview/statewise-student-list", "results.view"),
    page("school-mock", "School Level-1 Exam", "/result-overview/school-mock", "results.mock"),
    page("school-final", "School Final Results", "/result-overview/school-final", "results.view"),
    page("prant-wise-grouping", "Prant-wise Grouping", "/result-overview/prant-wise-grouping", "results.view"),
    page("student-mock", "Student Level-1 Exam", "/result-overview/student-mock", "results.mock"),
    page("student-final", "Student Final Results", "/result-overview/student-final", "results.view"),
    page("student-mock-insight", "Student Mock Insight", RESULT_PAGES.insight, "results.view"),
    page("result-winner-tab", "Winners", RESULT_PAGES.winners, "results.view"),
    page("certificates", "Certificates", "/result-overview/certificates", "results.view"),
    page("upload-exam-file", "Upload Exam File", "/result-overview/upload-exam-file", "exam.uploadFile"),
    page("reset-exam", "Reset Exam", "/result-overview/reset-exam?level=level-1", "exam.reset"),
    // Reached from a student's row (result-paths.ts studentResultPath: ?student_id=…&level=…).
    page("student-result", "Student Result", RESULT_PAGES.studentResult, "results.view", { hidden: true }),
  ]),
  PROFILE,
];

const PAPERSETTER = [
  group("level-1", "Level 1", "layers", [
    page("level1-dashboard", "Level 1 Dashboard", PAPER_PAGES.level1Dashboard, "papers.dashboard"),
    page("level1-questions", "Level 1 Questions", PAPER_PAGES.level1Questions, "questions.view"),
    page("level1-papersets", "Level 1 Paper Sets", PAPER_PAGES.level1PaperSets, "paperSets.view"),
  ]),
  group("level-2", "Level 2", "layers", [
    page("level2-dashboard", "Level 2 Dashboard", PAPER_PAGES.level2Dashboard, "papers.dashboard"),
    page("level2-questions", "Level 2 Questions", PAPER_PAGES.level2Questions, "questions.view"),
    page("level2-papersets", "Level 2 Paper Sets", PAPER_PAGES.level2PaperSets, "paperSets.view"),
  ]),
  group("mock", "Mock", "clipboard", [
    page("mock-dashboard", "Mock Dashboard", PAPER_PAGES.mockDashboard, "papers.dashboard"),
    page("mock-questions", "Mock Questions", PAPER_PAGES.mockQuestions, "questions.view"),
    page("mock-papersets", "Mock Paper Sets", PAPER_PAGES.mockPaperSets, "paperSets.view"),
  ]),
  page("exam-schedule", "Exam Schedule", PAPER_PAGES.examSchedule, "paperSets.view", { icon: "calendar" }),
  page("panel-members", "Panel Members", PAPER_PAGES.panelMembers, "panel.manage", { icon: "users" }),
  page("user-activity-logs", "User Activity Logs", PAPER_PAGES.activityLogs, "activityLogs.view", {
    icon: "activity",
  }),
  // Screens reached from the lists (a query string names the question, language or set).
  page("question", "Question", PAPER_PAGES.question, "questions.view", { hidden: true }),
  page("translate", "Translate", PAPER_PAGES.translate, "questions.translate", { hidden: true }),
  page("paper-set", "Paper Set", PAPER_PAGES.paperSet, "paperSets.view", { hidden: true }),
  PROFILE,
];

const OUTBOX = [
  page("outbox", "Outbox", "/outbox", "outbox.use", { icon: "inbox" }),
  page("text-messages", "Text Messages", "/text-messages", "outbox.use", { icon: "send" }),
  page("send-mail", "Send Mail", "/send-mail", "outbox.use", { icon: "send" }),
  page("templates", "Templates", "/templates", "outbox.use", { icon: "template" }),
  PROFILE,
];

export const PAGES = {
  school: SCHOOL,
  coordinator: COORDINATOR,
  papersetter: PAPERSETTER,
  outbox: OUTBOX,
} satisfies Record<AppId, readonly PageNode[]>;

type IdsOfNode<N> =
  | (N extends { id: infer I; path: string } ? I : never)
  | (N extends { children: infer C } ? IdsOf<C> : never);
type IdsOf<T> = T extends readonly (infer N)[] ? IdsOfNode<N> : never;

/** The id of a page of `app` (groups excluded): what `pagePath` accepts. */
export type PageId<A extends AppId> = IdsOf<(typeof PAGES)[A]>;

/**
 * The address of a page of `app` by its id, as the page tree has it (query included, e.g. the
 * reset-exam page's `?level=level-1`). Screens and end-to-end tests build links with this.
 */
export function pagePath<A extends AppId>(app: A, id: PageId<A>): string {
  const found = pagesOf(app).find((p) => p.id === id);
  if (!found) throw new RangeError(`No page "${String(id)}" in the ${app} app`);
  return found.path;
}

function allowed(node: PageNode, subject: Subject): boolean {
  return node.permission ? can(subject, node.permission) : true;
}

/**
 * The sidebar of `app` for a user: pages the user may open, groups that keep at least one of them,
 * hidden pages left out. A page's own children (e.g. Ranking's sub-pages) are never shown.
 */
export function menuFor(app: AppId, subject: Subject): PageNode[] {
  const walk = (nodes: readonly PageNode[]): PageNode[] =>
    nodes.flatMap((node): PageNode[] => {
      if (node.hidden) return [];
      if (node.path) {
        const { children: _subPages, ...link } = node;
        return allowed(node, subject) ? [link] : [];
      }
      const children = walk(node.children ?? []);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  return walk(PAGES[app] as readonly PageNode[]);
}

/** Every page of an app, flattened, with the titles of the groups above it. */
export function pagesOf(app: AppId): (PageNode & { path: string; trail: string[] })[] {
  const out: (PageNode & { path: string; trail: string[] })[] = [];
  const walk = (nodes: readonly PageNode[], trail: string[]) => {
    for (const node of nodes) {
      if (node.path) out.push({ ...node, path: node.path, trail });
      walk(node.children ?? [], [...trail, node.title]);
    }
  };
  walk(PAGES[app] as readonly PageNode[], []);
  return out;
}

/** The page of `app` at `pathname` (query ignored), if any. */
export function findPage(app: AppId, pathname: string) {
  const bare = (pathname.split("?")[0] ?? "").replace(/\/+$/, "") || "/";
  return pagesOf(app).find((p) => p.path.split("?")[0] === bare);
}
