import type { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  coordinatorCreateBody,
  coordinatorItem,
  coordinatorListBody,
  coordinatorStatusBody,
  coordinatorUpdateBody,
} from "@repo/contracts/coordinators";
import { envelope } from "@repo/contracts/envelope";
import { paginated } from "@repo/contracts/pagination";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import { regionScopeFor } from "../geography/scope";
import {
  createCoordinator,
  deleteCoordinator,
  listCoordinators,
  setCoordinatorActive,
  updateCoordinator,
} from "./coordinators";

export function registerCoordinatorRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("coordinators.manage", {
      method: "post",
      path: "/api/coordinators",
      tags: ["Coordinators"],
      summary: "Page through coordinators",
      description:
        "Admin and Sub Admin see every level; a zonal, state or prant coordinator sees the levels below its own, within its region. Filters: role_id, is_active, search (username, name, email) and the region filters.",
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
      const body = c.req.valid("json");
      const db = c.var.services.database.db;
      return ok(c, await listCoordinators(db, body, auth, await regionScopeFor(db, auth)));
    },
  );

  const item = named(coordinatorItem, "CoordinatorItem");
  const answer = json(envelope(item).openapi("CoordinatorResponse"), "The coordinator");
  const body = <T extends z.ZodType>(schema: T) => ({
    body: { content: { "application/json": { schema } }, required: true },
  });
  const viewerOf = async (c: Parameters<typeof signedIn>[0] & { var: AppEnv["Variables"] }) => {
    const auth = signedIn(c);
    const db = c.var.services.database.db;
    return { db, viewer: { ...actorOf(c), roleId: auth.roleId }, scope: await regionScopeFor(db, auth) };
  };

  app.openapi(
    apiRoute("coordinators.manage", {
      method: "post",
      path: "/api/coordinators/add",
      tags: ["Coordinators"],
      summary: "Create a coordinator",
      description:
        "Of a level below the caller's (Admin and Sub Admin: any, the Organization Team included), assigned to regions of that level inside the caller's region. The password is made by the portal and mailed to the coordinator with the sign-in address.",
      request: body(named(coordinatorCreateBody, "CoordinatorCreateBody")),
      responses: {
        200: answer,
        403: errorResponse("A level that is not below the caller's"),
        409: errorResponse("The username or e-mail address is taken"),
        422: errorResponse("Regions missing, of the wrong level, or outside the caller's region"),
      },
    }),
    async (c) => {
      const { db, viewer, scope } = await viewerOf(c);
      const loginUrl = `${c.var.services.config.schoolOrigin}/login`;
      return ok(
        c,
        await createCoordinator(db, viewer, scope, c.req.valid("json"), loginUrl),
        "The coordinator is created and has been mailed its sign-in details.",
      );
    },
  );

  app.openapi(
    apiRoute("coordinators.manage", {
      method: "post",
      path: "/api/coordinators/update/{id}",
      tags: ["Coordinators"],
      summary: "Change a coordinator's details, level or regions",
      request: { params: idParam, ...body(named(coordinatorUpdateBody, "CoordinatorUpdateBody")) },
      responses: {
        200: answer,
        403: errorResponse("A level that is not below the caller's"),
        404: errorResponse("No such coordinator in the caller's region"),
        409: errorResponse("The e-mail address is taken"),
        422: errorResponse("Regions missing, of the wrong level, or outside the caller's region"),
      },
    }),
    async (c) => {
      const { db, viewer, scope } = await viewerOf(c);
      return ok(
        c,
        await updateCoordinator(db, viewer, scope, c.req.valid("param").id, c.req.valid("json")),
        "The coordinator is saved.",
      );
    },
  );

  app.openapi(
    apiRoute("coordinators.manage", {
      method: "post",
      path: "/api/coordinators/status/{id}",
      tags: ["Coordinators"],
      summary: "Switch a coordinator's sign-in on or off",
      description: "Off ends its sessions at once; its lists and work stay.",
      request: { params: idParam, ...body(named(coordinatorStatusBody, "CoordinatorStatusBody")) },
      responses: {
        200: answer,
        404: errorResponse("No such coordinator in the caller's region"),
        409: errorResponse("Already so"),
      },
    }),
    async (c) => {
      const { db, viewer, scope } = await viewerOf(c);
      const { is_active } = c.req.valid("json");
      return ok(
        c,
        await setCoordinatorActive(db, viewer, scope, c.req.valid("param").id, is_active),
        is_active ? "The coordinator can sign in again." : "The coordinator is switched off and signed out.",
      );
    },
  );

  app.openapi(
    apiRoute("coordinators.manage", {
      method: "delete",
      path: "/api/coordinators/{id}",
      tags: ["Coordinators"],
      summary: "Delete a coordinator who has left no trace",
      description:
        "A coordinator who has signed in or whose name is on recorded work is kept: 409, switch it off instead.",
      request: { params: idParam },
      responses: {
        200: json(messageOnly, "Deleted"),
        404: errorResponse("No such coordinator in the caller's region"),
        409: errorResponse("The coordinator has work on record"),
      },
    }),
    async (c) => {
      const { db, viewer, scope } = await viewerOf(c);
      await deleteCoordinator(db, viewer, scope, c.req.valid("param").id);
      return ok(c, null, "The coordinator is deleted.");
    },
  );
}
