import type { OpenAPIHono } from "@hono/zod-openapi";
import { coordinatorItem, coordinatorListBody } from "@repo/contracts/coordinators";
import { envelope } from "@repo/contracts/envelope";
import { paginated } from "@repo/contracts/pagination";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ok } from "../http/envelope";
import { apiRoute } from "../http/routes";
import { json, named } from "../http/schemas";
import { optionalJson, validated } from "../http/validation";
import { listCoordinators } from "../services/coordinators";
import { regionScopeFor } from "../services/scope";

export function registerCoordinatorRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("coordinators.manage", {
      method: "post",
      path: "/api/coordinators",
      tags: ["Coordinators"],
      summary: "Page through coordinators",
      description:
        "Admins (3, 6) see every level; a zonal, state or prant coordinator sees the levels below its own, within its region. Filters: role_id, is_active, search (username, name, email) and the region filters.",
      request: { body: { content: { "application/json": { schema: coordinatorListBody } }, required: false } },
      responses: {
        200: json(
          envelope(paginated(named(coordinatorItem, "CoordinatorItem"))).openapi("CoordinatorPage"),
          "A page of coordinators",
        ),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const body = validated(coordinatorListBody, await optionalJson(c.req));
      const db = c.var.services.database.db;
      return ok(c, await listCoordinators(db, body, auth, await regionScopeFor(db, auth)));
    },
  );
}
