import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { paginated } from "@repo/contracts/pagination";
import { passwordUserItem, passwordUserListBody, resetPasswordBody } from "@repo/contracts/passwords";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, messageOnly, named } from "../../kernel/http/schemas";
import { regionScopeFor } from "../geography/scope";
import { listPasswordUsers, resetPassword } from "./passwords";

const tags = ["Password management"];

export function registerPasswordRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("passwords.manage", {
      method: "post",
      path: "/api/password/users",
      tags,
      summary: "Page through the people whose password the caller may reset",
      description:
        "Admin and Sub Admin: everyone but the admins. A zonal, state or prant coordinator: the coordinators it manages (the levels below its own, in its region). Search by username, name or e-mail; filter by role.",
      request: { body: { content: { "application/json": { schema: passwordUserListBody } }, required: true } },
      responses: {
        200: json(
          envelope(paginated(named(passwordUserItem, "PasswordUserItem"))).openapi("PasswordUserPage"),
          "A page of people",
        ),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const db = c.var.services.database.db;
      const viewer = { ...actorOf(c), roleId: auth.roleId };
      return ok(c, await listPasswordUsers(db, viewer, await regionScopeFor(db, auth), c.req.valid("json")));
    },
  );

  app.openapi(
    apiRoute("passwords.manage", {
      method: "post",
      path: "/api/password/update-password",
      tags,
      summary: "Reset the password of someone the caller manages",
      description:
        "The portal makes a password and mails it to the person's address with the sign-in link; the person's sessions end and it must choose its own password at its next sign-in. Nobody else sees the password.",
      request: { body: { content: { "application/json": { schema: resetPasswordBody } }, required: true } },
      responses: {
        200: json(messageOnly, "Reset and mailed"),
        404: errorResponse("Nobody the caller manages has this id"),
        409: errorResponse("The person has no usable e-mail address"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const db = c.var.services.database.db;
      const viewer = { ...actorOf(c), roleId: auth.roleId };
      const done = await resetPassword(
        db,
        viewer,
        await regionScopeFor(db, auth),
        c.req.valid("json").user_id,
        `${c.var.services.config.schoolOrigin}/login`,
      );
      return ok(c, null, `A new password is mailed to ${done.username} at ${done.email}.`);
    },
  );
}
