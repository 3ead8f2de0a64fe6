/**
 * The kinds of list POST /api/export/{kind} exports, named like the lists' own API paths, so the
 * API's registry and the screens' ExportMenu use one name. Plain values only (no zod), for screens.
 */
export const EXPORT_KIND = {
  students: "students",
  individualStudents: "individual-students",
  studyMaterials: "study-materials",
  brochureDownloads: "brochure-downloads",
  brochureFlipbooks: "brochure-flipbooks",
  importantDates: "important-dates",
  frontendPattern: "frontend-pattern",
  lectureSeries: "lecture-series",
  syllabus: "syllabus",
  notifications: "notifications",
  referredStudents: "referred-students",
  referralLedger: "referral-ledger",
  masterInstitutes: "master-institutes",
  instituteSchools: "institute-schools",
  gccSchools: "gcc-schools",
  inactiveStudents: "inactive-students",
  raisedRequests: "raised-requests",
  supportOrders: "support-orders",
  schoolBalances: "school-balances",
  coordinators: "coordinators",
  regionStudents: "region-students",
  regionSchools: "region-schools",
  // The school app's Results page (the school's own students; certificates).
  ownSchoolResults: "own-school-results",
  resultWinners: "result-winners",
  rankingStates: "ranking-states",
  rankingDistricts: "ranking-districts",
  districtRankers: "district-rankers",
  mockInsight: "student-mock-insight",
  studentResults: "student-results",
  schoolResults: "school-mock-results",
  stateResults: "state-mock-results",
  prantResults: "prant-ranking-final-list",
} as const;
export type ExportKindName = (typeof EXPORT_KIND)[keyof typeof EXPORT_KIND];
