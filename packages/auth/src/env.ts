import { logLevelVar, nodeEnvVar, originVar, portVar } from "@repo/contracts/env";
import { z } from "zod";
import { type AppId, DEFAULT_APP_PORTS } from "./apps";

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

/**
 * The one configuration schema of a browser app (school, coordinator, papersetter, outbox). The
 * app server parses it before serving; loaders read the same parsed values.
 */
export function appEnvSchema(app: AppId) {
  return z
    .object({
      NODE_ENV: nodeEnvVar,
      PORT: portVar(DEFAULT_APP_PORTS[app]),
      HOST: z.string().min(1, "must be a host name or address").default("127.0.0.1"),
      /** Where the app's server reaches the API (server to server; browsers never call it). */
      API_URL: originVar("http://127.0.0.1:4000"),
      /** Comma-separated secrets for signing session cookies; the first signs, all verify. */
      SESSION_SECRET: z.string().default(DEV_SESSION_SECRET),
      SCHOOL_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.school}`),
      COORDINATOR_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.coordinator}`),
      PAPERSETTER_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.papersetter}`),
      OUTBOX_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.outbox}`),
      /** Express "trust proxy": which peers may say who the browser is (X-Forwarded-For). */
      TRUST_PROXY: z.string().min(1, "must be loopback, an address list or a hop count").default("loopback"),
      /** The app server's log: one line per page or action request at info. */
      LOG_LEVEL: logLevelVar,
    })
    .superRefine((env, ctx) => {
      const secrets = env.SESSION_SECRET.split(",").map((s) => s.trim());
      if (secrets.some((s) => s.length < 16)) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "each secret must be at least 16 characters",
        });
      } else if (env.NODE_ENV === "production" && secrets.includes(DEV_SESSION_SECRET)) {
        ctx.addIssue({
          code: "custom",
          path: ["SESSION_SECRET"],
          message: "must be set to a private value in production",
        });
      }
    })
    .transform((env) => ({
      ...env,
      SESSION_SECRETS: env.SESSION_SECRET.split(",").map((s) => s.trim()),
      appOrigins: {
        school: env.SCHOOL_ORIGIN,
        coordinator: env.COORDINATOR_ORIGIN,
        papersetter: env.PAPERSETTER_ORIGIN,
        outbox: env.OUTBOX_ORIGIN,
      } satisfies Record<AppId, string>,
    }));
}

export type AppEnv = z.output<ReturnType<typeof appEnvSchema>>;
