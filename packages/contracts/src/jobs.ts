import { z } from "zod";

/**
 * Long work (imports, exports, bulk PDFs, scoring, a mail campaign's expansion) runs as a job in
 * a PostgreSQL-backed queue: a restart loses nothing and two API instances never run one job
 * twice. The API answers 202 with the job's id; GET /api/jobs/{id} tells its progress.
 */
export const JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Units of work done and expected (rows, messages, pages); total 0 while unknown. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** What the job produced (counts, a download's id), once done. */
  result: z.record(z.string(), z.unknown()).nullable(),
  /** Why it failed, in words for the person who started it. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobItem = z.infer<typeof jobItem>;

/** The 202 answer of an endpoint that started a job. */
export const jobStarted = z.object({ job_id: z.number().int() });
