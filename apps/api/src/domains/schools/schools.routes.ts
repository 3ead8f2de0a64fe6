import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { schoolDeleteData, schoolIdsBody, schoolToggleData } from "@repo/contracts/schools";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { deleteSchools, toggleOwnSchool } from "./schools";

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

  app.openapi(
    apiRoute("schools.delete", {
      method: "post",
      path: "/api/schools/delete",
      tags: ["Schools"],
      summary: "Delete schools registered by mistake (Admin and Sub Admin)",
      description:
        "Deletes the listed schools with their own accounts. A school with students (in any year) or referred students is kept, with the reason; deactivate it instead. Unknown ids are reported as kept.",
      request: {
        body: { content: { "application/json": { schema: named(schoolIdsBody, "SchoolIdsBody") } }, required: true },
      },
      responses: {
        200: json(
          envelope(named(schoolDeleteData, "SchoolDeleteData")).openapi("SchoolDeleteResponse"),
          "What was deleted and what was kept",
        ),
      },
    }),
    async (c) => {
      const result = await deleteSchools(c.var.services.database.db, actorOf(c), c.req.valid("json").ids);
      const message =
        result.kept.length === 0
          ? `${countOf(result.deleted.length, COUNTED.school)} deleted`
          : `${result.deleted.length} deleted, ${result.kept.length} kept`;
      return ok(c, result, message);
    },
  );
}
