import { z } from "zod";

export const healthDataSchema = z.object({
  service: z.literal("api"),
  version: z.string(),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(["pglite", "postgres"]),
    latency_ms: z.number(),
  }),
  uptime_s: z.number(),
});

export type HealthData = z.infer<typeof healthDataSchema>;

/**
 * The API's liveness: answers while the process serves requests, without asking the database, so
 * that a proxy's active check leaves out an instance that is gone, not every instance while the
 * database restarts (decision 074).
 */
export const API_LIVE_PATH = "/api/health/live";

export const liveDataSchema = z.object({
  service: z.literal("api"),
  version: z.string(),
  uptime_s: z.number(),
});

export type LiveData = z.infer<typeof liveDataSchema>;

/** Each app's liveness (its `/healthz` resource route): it does not call the API. */
export const APP_HEALTH_PATH = "/healthz";
