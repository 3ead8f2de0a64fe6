import pino, { type Logger } from "pino";

export type { Logger };

/** One JSON object per line on stdout; request-scoped lines carry `req_id` (see app.ts). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "api" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
