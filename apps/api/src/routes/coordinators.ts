import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { coordinatorListBody } from "@repo/contracts/geography";
import { paginated } from "@repo/contracts/pagination";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { apiRoute } from "../http/routes";
import { optionalJson, validated } from "../http/validation";
import { listCoordinators } from "../services/coordinators";
import { regionScopeFor } from "../services/scope";
import { json } from "./schemas";

const coordinatorItem = z
  .object({
    id: z.number().int(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    role_id: z.number().int(),
    is_active: z.boolean(),
    mobile: z.string().nullable(),
    last_login_at: z.string().nullable(),
    assignments: z.array(z.object({ level: z.string(), id: z.number().int(), name: z.string() })),
  })
  .openapi("CoordinatorItem");

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
        200: json(envelope(paginated(coordinatorItem)).openapi("CoordinatorPage"), "A page of coordinators"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const body = validated(coordinatorListBody, await optionalJson(c.req));
      const db = c.var.services.database.db;
      const page = await listCoordinators(db, body, auth, await regionScopeFor(db, auth));
      return c.json({ status: true, message: "OK", data: page }, 200);
    },
  );
}
