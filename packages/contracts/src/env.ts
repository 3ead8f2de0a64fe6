import { z } from "zod";

/**
 * Typed configuration. Every app and the API parse `process.env` through one zod schema of their
 * own at start-up; a bad value stops the process with a message that names the variable and says
 * what it should be, never a stack trace.
 */
export class EnvError extends Error {
  readonly problems: readonly string[];
  constructor(service: string, problems: readonly string[]) {
    super(`${service} cannot start: fix these environment variables:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
    this.problems = problems;
  }
}

export function parseEnv<S extends z.ZodType>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join(".") || "(environment)";
    const value = issue.path.length === 1 ? env[String(issue.path[0])] : undefined;
    const shown = value === undefined ? "is not set" : `is ${JSON.stringify(value)}`;
    return `${name} ${shown}: ${issue.message}`;
  });
  throw new EnvError(service, problems);
}

/** parseEnv for process entry points: prints the problems and exits with status 1. */
export function loadEnvOrExit<S extends z.ZodType>(service: string, schema: S): z.output<S> {
  try {
    return parseEnv(service, schema);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** A TCP port: whole number 1-65535, given as text in the environment. */
export const portVar = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .pipe(
      z.coerce
        .number<string>({ error: "must be a whole number" })
        .int("must be a whole number")
        .min(1, "must be 1-65535")
        .max(65535, "must be 1-65535"),
    );

/** An absolute http(s) origin such as http://localhost:3001 (no path). */
export const originVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
      } catch {
        return false;
      }
    }, "must be an origin like https://school.example.org (scheme and host, no path)")
    .transform((value) => value.replace(/\/$/, ""));

export const nodeEnvVar = z
  .enum(["development", "production", "test"], { error: "must be development, production or test" })
  .default("development");

export const logLevelVar = z
  .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
    error: "must be one of fatal, error, warn, info, debug, trace, silent",
  })
  .default("info");
