import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { AnswerUploadItem, AnswerUploadReport } from "./answer-uploads.server";

/**
 * Upload Exam File's data as the API answers it, for its server test and its route test: each fact
 * about the screen's data is written here once, typed by the generated client.
 */

export const admin = userRecord({ id: 1, role_id: ROLE.admin, role_name: "Admin", username: "admin", zone: null });
export const subAdmin = userRecord({
  id: 2,
  role_id: ROLE.subAdmin,
  role_name: "Sub Admin",
  username: "subadmin",
  zone: null,
});
export const orgTeam = userRecord({
  id: 4,
  role_id: ROLE.organizationTeam,
  role_name: "Organization Team",
  username: "orgteam",
  zone: null,
});
export const district = userRecord({
  id: 5,
  role_id: ROLE.districtCoordinator,
  role_name: "District Coordinator",
  username: "district",
  zone: "W",
});

/** A vendor file of 8 lines: 2 sheets to store (1 replacing a stored one), the rest refused. */
export const report: AnswerUploadReport = {
  lines: 8,
  accepted: 2,
  replacing_stored: 1,
  counts: { malformed: 1, unknown_roll: 1, unpaid: 1, wrong_paper: 2, replaced_in_file: 1 },
  by_paper: [{ code: "L1-VIII-R", sheets: 2 }],
  problems: [{ kind: "malformed", line: 2, roll: "", message: "Not a sheet" }],
};

/** Upload 12 of Level 1, checked and waiting for confirmation. */
export const upload = (overrides: Partial<AnswerUploadItem> = {}): AnswerUploadItem => ({
  id: 12,
  exam_level: "level1",
  file_name: "vendor-batch-1.txt",
  file_bytes: 2048,
  format: "default",
  status: "checked",
  report,
  has_problems_file: true,
  stored_sheets: null,
  current_sheets: 0,
  job_id: null,
  error: null,
  created_by: "Demo Admin",
  created_at: "2026-11-20T10:00:00.000Z",
  confirmed_by: null,
  confirmed_at: null,
  deleted_at: null,
  ...overrides,
});

/** GET /api/answer-sheet-submitted-stats: 2 sheets stored for class VIII at Level 1, and the uploads. */
export const submittedStats = (uploads: AnswerUploadItem[] = [upload()]) => ({
  exam_year: "2026-27",
  levels: [
    { exam_level: "level1", sheets: 2, by_class: [{ class_level: 8, sheets: 2 }] },
    { exam_level: "level2", sheets: 0, by_class: [] },
    { exam_level: "mock", sheets: 0, by_class: [] },
  ],
  uploads,
});

/** What the page asks the API, answered for `user`: the stored sheets and the uploads. */
export const pageAnswers = (user = admin, uploads?: AnswerUploadItem[]) => ({
  "GET /api/user": signedInAs(user),
  "GET /api/answer-sheet-submitted-stats": { body: envelope(submittedStats(uploads)) },
});
