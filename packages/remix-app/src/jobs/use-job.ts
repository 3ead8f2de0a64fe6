import type { components } from "@repo/api-client/schema";
import { useEffect, useState } from "react";

/** A job as GET /api/jobs/{id} answers it. */
export type JobItem = components["schemas"]["JobItem"];

/** What the app's job route (`routes/jobs.$id.tsx`) answers. */
export interface JobStatus {
  job: JobItem | null;
  /** Why the progress could not be read, in words for the user. */
  failure: string | null;
}

/** The app's job route for a job id. */
export const jobPath = (id: number) => `/jobs/${id}`;

/** Seconds between reloads of a page following a job without JavaScript (decision 053). */
export const NO_SCRIPT_REFRESH_SECONDS = 3;

/** The first polls come quickly (a small import is done in a moment), then every 2 s. */
const DELAYS_MS = [300, 600, 1000, 1500, 2000];
/** Dropped connections in a row before the screen is told. */
const TRIES = 5;
const LOST = "The connection to the portal was lost. Please try again.";
const SIGNED_OUT = "Your session has ended. Reload the page and sign in again.";

const finished = (job: JobItem | null) => job?.status === "done" || job?.status === "failed";

/** One answer of the job route, or null when the connection dropped. */
async function read(id: number): Promise<JobStatus | null> {
  try {
    const response = await fetch(jobPath(id), { headers: { Accept: "application/json" } });
    // Anything but JSON is the sign-in page a redirect led to.
    if (!(response.headers.get("content-type") ?? "").includes("json")) return { job: null, failure: SIGNED_OUT };
    return (await response.json()) as JobStatus;
  } catch {
    return null;
  }
}

/**
 * Follows a job until it is done or failed: polls the app's job route and gives its latest
 * answer. `null` stops (and forgets) it. A refusal (not yours, signed out) ends the polling with
 * its message and keeps the last progress; a dropped connection is retried a few times first.
 */
export function useJob(id: number | null): JobStatus {
  const [status, setStatus] = useState<JobStatus>({ job: null, failure: null });
  useEffect(() => {
    setStatus({ job: null, failure: null });
    if (id === null) return;
    let stopped = false;
    let timer: number | undefined;
    let polls = 0;
    let dropped = 0;
    const later = (ms: number) => {
      timer = window.setTimeout(() => void poll(), ms);
    };
    const poll = async () => {
      const next = await read(id);
      if (stopped) return;
      if (!next) {
        dropped++;
        if (dropped < TRIES) return later(DELAYS_MS[DELAYS_MS.length - 1] ?? 2000);
        setStatus((previous) => ({ job: previous.job, failure: LOST }));
        return;
      }
      dropped = 0;
      setStatus((previous) => (next.failure ? { job: previous.job, failure: next.failure } : next));
      if (next.failure || finished(next.job)) return;
      later(DELAYS_MS[Math.min(polls++, DELAYS_MS.length - 1)] ?? 2000);
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [id]);
  return status;
}
