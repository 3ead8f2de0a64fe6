import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  deactivateStudentBody,
  inactiveStudentPage,
  inactiveStudentQuery,
  studentAccountState,
} from "@repo/contracts/student-accounts";
import type { AppEnv } from "../../context";
import { actorOf } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { deactivateStudent, listInactiveStudents, reactivateStudent } from "./student-accounts";

const tags = ["Pay support"];
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});
const stateResponse = json(
  envelope(named(studentAccountState, "StudentAccountState")).openapi("StudentAccountStateResponse"),
  "The student's sign-in as it is now",
);

/** Pay support's switch for students' sign-in, and the list of students who cannot sign in. */
export function registerStudentAccountRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("paySupport.manage", {
      method: "get",
      path: "/api/paysupport/students/inactive",
      tags,
      summary: "Page through the students who cannot sign in, and why",
      description:
        "A student's own sign-in switched off by pay support (with when, why and by whom), or its school deactivated. Search by name, roll number, phone, username or school.",
      request: { query: inactiveStudentQuery },
      responses: {
        200: json(
          envelope(named(inactiveStudentPage, "InactiveStudentPage")).openapi("InactiveStudentPageResponse"),
          "A page of inactive students",
        ),
      },
    }),
    async (c) => ok(c, await listInactiveStudents(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/students/{id}/deactivate",
      tags,
      summary: "Switch a student's sign-in off, with the reason",
      description: "Its sessions end at once and it cannot sign in until pay support switches it on again. Logged.",
      request: { params: idParam, ...body(named(deactivateStudentBody, "DeactivateStudentBody")) },
      responses: {
        200: stateResponse,
        404: errorResponse("No such student, or it has no sign-in"),
        409: errorResponse("Its sign-in is already off"),
      },
    }),
    async (c) =>
      ok(
        c,
        await deactivateStudent(
          c.var.services.database.db,
          actorOf(c),
          c.req.valid("param").id,
          c.req.valid("json").reason,
        ),
        "The student's sign-in is switched off.",
      ),
  );

  app.openapi(
    apiRoute("paySupport.manage", {
      method: "post",
      path: "/api/paysupport/students/{id}/reactivate",
      tags,
      summary: "Switch a student's sign-in on again",
      description:
        "Only a sign-in pay support switched off; a student of a deactivated school waits for its school to activate itself. Logged.",
      request: { params: idParam },
      responses: {
        200: stateResponse,
        404: errorResponse("No such student, or it has no sign-in"),
        409: errorResponse("Its sign-in is already on, or its school is deactivated"),
      },
    }),
    async (c) =>
      ok(
        c,
        await reactivateStudent(c.var.services.database.db, actorOf(c), c.req.valid("param").id),
        "The student can sign in again.",
      ),
  );
}
