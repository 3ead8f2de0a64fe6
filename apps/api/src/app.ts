import { OpenAPIHono } from "@hono/zod-openapi";
import type { FieldError } from "@repo/contracts/envelope";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { AppEnv, Services } from "./context";
import { fail } from "./envelope";
import type { Logger } from "./logger";
import { registerHealth } from "./routes/health";

export interface CreateAppOptions {
  services: Services;
  logger: Logger;
  version: string;
}

export const OPENAPI_INFO: {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
} = {
  openapi: "3.0.3",
  info: {
    title: "Exam Portal API",
    version: "1.0.0",
    description: "The one API behind the school, coordinator, papersetter and outbox apps.",
  },
  servers: [{ url: "/" }],
};

/** Builds the HTTP application. No sockets and no process hooks: server.ts owns those. */
export function createApp({ services, logger, version }: CreateAppOptions) {
  const app = new OpenAPIHono<AppEnv>({
    // Validation failures answer 400 with one message per field, in the common envelope.
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors: FieldError[] = result.error.issues.map((issue) => ({
        field: issue.path.map(String).join(".") || "body",
        message: issue.message,
      }));
      return fail(c, 400, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
    },
  });

  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(async (c, next) => {
    const log = logger.child({ req_id: c.var.requestId });
    c.set("log", log);
    c.set("services", services);
    const started = performance.now();
    await next();
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });

  registerHealth(app, version);

  app.doc("/api/openapi.json", OPENAPI_INFO);

  app.notFound((c) => fail(c, 404, `No such endpoint: ${c.req.method} ${c.req.path}`));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return fail(c, error.status, error.message || "Request failed");
    // The cause goes to the log, with the request id; the caller gets a plain sentence.
    (c.var.log ?? logger).error({ err: error }, "unhandled error");
    return fail(c, 500, "Something went wrong on our side. Please try again.");
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
