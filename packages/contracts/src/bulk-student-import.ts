import { z } from "zod";
import { JOB_STATUSES } from "./jobs";
import { studentImportResult } from "./student-import";

/**
 * The coordinators' bulk student import (POST /api/coordinator/student/import): the finished
 * job's result and the page's overview (the region, its schools and the user's last imports).
 * Modes and the preview are the schools' student import's (./student-import).
 */

/** What a finished bulk import reports (the job's `result`): the students import's, plus schools. */
export const bulkStudentImportResult = studentImportResult.extend({
  /** Schools that got at least one new student. */
  schools: z.number().int(),
});
export type BulkStudentImportResult = z.infer<typeof bulkStudentImportResult>;

export const bulkStudentImportItem = z.object({
  job_id: z.number().int(),
  file_name: z.string(),
  mode: z.enum(["all-or-nothing", "valid-rows"]),
  status: z.enum(JOB_STATUSES),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** Set once the job is done. */
  result: bulkStudentImportResult.nullable(),
  /** Why the job failed, in words for the user. */
  error: z.string().nullable(),
});
export type BulkStudentImportItem = z.infer<typeof bulkStudentImportItem>;

export const bulkStudentImportOverview = z.object({
  /** The coordinator's assigned regions, by name ("United Arab Emirates"). */
  regions: z.array(z.string()),
  /** Active schools of the region: the codes the template lists. */
  schools: z.number().int(),
  /** The user's newest imports, newest first. */
  imports: z.array(bulkStudentImportItem),
});
export type BulkStudentImportOverview = z.infer<typeof bulkStudentImportOverview>;
