import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { schoolToggleData } from "@repo/contracts/schools";
import { actorOf } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ok } from "../http/envelope";
import { apiRoute, errorResponse } from "../http/routes";
import { json } from "../http/schemas";
import { toggleOwnSchool } from "../services/schools";

export function registerSchoolRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("school.toggleActive", {
      method: "post",
      path: "/api/schools/disable-account",
      tags: ["Schools"],
      summary: "Deactivate or reactivate the signed-in school",
      description:
        "No payload. An active school becomes inactive; an inactive one becomes active again. Only the school's own account (role 2) may do this.",
      responses: {
        200: json(envelope(schoolToggleData).openapi("SchoolToggleResponse"), "The school's new state"),
        404: errorResponse("The account has no school"),
      },
    }),
    async (c) => {
      const { data, message } = await toggleOwnSchool(c.var.services.database.db, actorOf(c));
      return ok(c, data, message);
    },
  );
}
