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
