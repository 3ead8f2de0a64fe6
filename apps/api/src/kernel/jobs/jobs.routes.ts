import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobItem } from "@repo/contracts/jobs";
import type { AppEnv } from "../../context";
import { signedIn } from "../auth/middleware";
import { ok } from "../http/envelope";
import { apiRoute, errorResponse } from "../http/routes";
import { idParam, json } from "../http/schemas";
import { getJob } from "./jobs";

/**
 * The job as the document describes it: `result` is any JSON object or null, which OpenAPI 3.0
 * says as a nullable object with free properties (zod's record of unknown has no type there).
 */
const namedJobItem = jobItem
  .extend({
    result: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ type: "object", nullable: true, additionalProperties: true }),
  })
  .openapi("JobItem");

export function registerJobRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "get",
      path: "/api/jobs/{id}",
      tags: ["Jobs"],
      summary: "A job's status and progress",
      description:
        "For the user who started the job (the outbox, Admin and Sub Admin see every job); anyone else gets 404. Poll it after an endpoint answered 202.",
      request: { params: idParam },
      responses: {
        200: json(envelope(namedJobItem).openapi("JobResponse"), "The job"),
        404: errorResponse("No such job of yours"),
      },
    }),
    async (c) => ok(c, await getJob(c.var.services.database.db, c.req.valid("param").id, signedIn(c))),
  );
}
