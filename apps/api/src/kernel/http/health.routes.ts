import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { API_LIVE_PATH, healthDataSchema, liveDataSchema } from "@repo/contracts/health";
import type { AppEnv } from "../../context";
import { fail, ok } from "./envelope";
import { DATABASE_RETRY_AFTER_SECONDS } from "./errors";
import { apiRoute, errorResponse } from "./routes";

const healthResponse = envelope(healthDataSchema).openapi("HealthResponse");
const liveResponse = envelope(liveDataSchema).openapi("LiveResponse");

export const healthRoute = apiRoute("public", {
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database check",
  description: "Answers 200 when the API can reach its database, 503 when it cannot.",
  responses: {
    200: {
      description: "The API and its database are up",
      content: { "application/json": { schema: healthResponse } },
    },
    503: {
      ...errorResponse("The database does not answer (down or restarting); `Retry-After` says when to ask again"),
      headers: {
        "Retry-After": { description: "Seconds to wait before asking again", schema: { type: "integer" as const } },
      },
    },
  },
});

export const liveRoute = apiRoute("public", {
  method: "get",
  path: API_LIVE_PATH,
  tags: ["System"],
  summary: "Liveness",
  description:
    "Answers 200 while this API process serves requests, without asking the database: the proxy's active health check (decision 074).",
  responses: {
    200: {
      description: "The process is up",
      content: { "application/json": { schema: liveResponse } },
    },
  },
});

export function registerHealth(app: OpenAPIHono<AppEnv>, version: string) {
  const startedAt = Date.now();
  const uptime = () => Math.round((Date.now() - startedAt) / 1000);
  app.openapi(liveRoute, (c) => ok(c, { service: "api" as const, version, uptime_s: uptime() }));
  app.openapi(healthRoute, async (c) => {
    const { database } = c.var.services;
    try {
      const latency = await database.ping();
      return ok(c, {
        service: "api" as const,
        version,
        database: { ok: true, driver: database.driver, latency_ms: latency },
        uptime_s: uptime(),
      });
    } catch (error) {
      c.var.log.error({ err: error }, "database ping failed");
      c.header("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
      return fail(c, 503, "Database unavailable");
    }
  });
}
