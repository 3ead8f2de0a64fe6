import { RESULT_JOBS } from "@repo/contracts/results-constants";
import pino from "pino";
import { answerCheckJob, answerStoreJob } from "../src/domains/results/uploads";
import { runNextJob } from "../src/kernel/jobs/jobs";
import type { TestApi } from "./support";

const log = pino({ level: "silent" });

/** Runs the answer-sheet check and store jobs waiting in the test API's queue, as the job runner would. */
export async function runAnswerSheetJobs(api: TestApi): Promise<void> {
  const handlers = {
    [RESULT_JOBS.check]: answerCheckJob(api.services),
    [RESULT_JOBS.store]: answerStoreJob(api.services),
  };
  while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log }));
}
