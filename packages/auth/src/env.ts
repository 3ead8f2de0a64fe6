import { logLevelVar, nodeEnvVar, originVar, portVar } from "@repo/contracts/env";
import { z } from "zod";
import { type AppId, DEFAULT_APP_PORTS } from "./apps";
import { trustProxyVar } from "./proxies";

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
      /** Comma-separated secrets the session cookie is sealed with (AES-GCM, decision 028); the first seals, all open. */
      SESSION_SECRET: z.string().default(DEV_SESSION_SECRET),
      SCHOOL_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.school}`),
      COORDINATOR_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.coordinator}`),
      PAPERSETTER_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.papersetter}`),
      OUTBOX_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.outbox}`),
      /** Express "trust proxy": which peers may say who the browser is (X-Forwarded-For); a hop count or a list. */
      TRUST_PROXY: trustProxyVar,
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
    .superRefine((env, ctx) => {
      const hosts = appHosts(env);
      if (hosts && sharedCookieDomain(hosts) === null) {
        ctx.addIssue({
          code: "custom",
          path: ["SCHOOL_ORIGIN"],
          message:
            "the four app origins must be one host or subdomains of one domain (school.example.org, coordinator.example.org, …) so a sign-in can move between them",
        });
      }
    })
    .transform((env) => ({
      ...env,
      /** Where the handoff nonce cookie lives: undefined for one host (localhost ports). */
      HANDOFF_COOKIE_DOMAIN: sharedCookieDomain(appHosts(env) ?? []) ?? undefined,
      SESSION_SECRETS: env.SESSION_SECRET.split(",").map((s) => s.trim()),
      appOrigins: {
        school: env.SCHOOL_ORIGIN,
        coordinator: env.COORDINATOR_ORIGIN,
        papersetter: env.PAPERSETTER_ORIGIN,
        outbox: env.OUTBOX_ORIGIN,
      } satisfies Record<AppId, string>,
    }));
}

/** The host names of the four app origins; undefined while one of them is not a valid origin yet. */
function appHosts(env: Record<`${"SCHOOL" | "COORDINATOR" | "PAPERSETTER" | "OUTBOX"}_ORIGIN`, string>) {
  const origins = [env.SCHOOL_ORIGIN, env.COORDINATOR_ORIGIN, env.PAPERSETTER_ORIGIN, env.OUTBOX_ORIGIN];
  return origins.every((origin) => URL.canParse(origin))
    ? origins.map((origin) => new URL(origin).hostname)
    : undefined;
}

/**
 * The domain a cookie must name to reach every one of these hosts: undefined when they are all
 * one host (a host-only cookie reaches every port), the longest common parent of two or more
 * labels otherwise (school.portal.example.org and coordinator.portal.example.org share
 * portal.example.org), null when they share none (or are addresses).
 */
export function sharedCookieDomain(hosts: string[]): string | undefined | null {
  const [first, ...rest] = hosts.map((host) => host.toLowerCase());
  if (first === undefined || rest.every((host) => host === first)) return undefined;
  if (hosts.some((host) => /^[\d.]+$|:/.test(host))) return null;
  let common = first.split(".");
  for (const host of rest) {
    const labels = host.split(".");
    let shared = 0;
    while (
      shared < common.length &&
      shared < labels.length &&
      common[common.length - 1 - shared] === labels[labels.length - 1 - shared]
    )
      shared++;
    common = common.slice(common.length - shared);
  }
  return common.length >= 2 ? common.join(".") : null;
}

export type AppEnv = z.output<ReturnType<typeof appEnvSchema>>;
