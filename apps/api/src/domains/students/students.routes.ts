import type { OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  studentDeleteData,
  studentFields,
  studentIdsBody,
  studentListQuery,
  studentPage,
  studentRow,
} from "@repo/contracts/students";
import { STUDENT_MESSAGES } from "@repo/contracts/students-constants";
import { z as zod } from "zod";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { created, ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import {
  createStudent,
  deleteStudents,
  getStudent,
  listSchoolStudents,
  listStudents,
  sendStudentCredentials,
  updateStudent,
} from "./students";

const tags = ["Students"];
const row = named(studentRow, "StudentRow");
const rowResponse = envelope(row).openapi("StudentResponse");
const fields = named(studentFields, "StudentFields");

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const viewerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};

export function registerStudentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.view", {
      method: "get",
      path: "/api/schools/student-list",
      tags,
      summary: "Page through the signed-in school's students this exam year",
      description:
        "A school or institute sees its own students; a master institute those of its schools. Search by name, parent, phone, e-mail or roll number; filter by class, language, gender, payment status and (for a master institute) school.",
      request: { query: studentListQuery },
      responses: { 200: json(envelope(studentPage).openapi("StudentPage"), "A page of students") },
    }),
    async (c) => ok(c, await listStudents(c.var.services.database.db, viewerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("students.sponsored", {
      method: "post",
      path: "/api/schools/{id}/sponsors/students",
      tags,
      summary: "Page through one school's students (those it registers and pays for)",
      description:
        "For the people who oversee a school: its own accounts, its master institute, the coordinators of its region and the admins. The body takes the student list's filters (search, class, language, gender, payment status, page, per page). A school outside the caller's scope answers 404, like one that does not exist.",
      request: { params: idParam, ...body(named(studentListQuery, "StudentListQuery")) },
      responses: {
        200: json(envelope(studentPage).openapi("SponsoredStudentPage"), "A page of the school's students"),
        404: errorResponse("No such school in your scope"),
      },
    }),
    async (c) =>
      ok(
        c,
        await listSchoolStudents(c.var.services.database.db, viewerOf(c), c.req.valid("param").id, c.req.valid("json")),
      ),
  );

  app.openapi(
    apiRoute("students.add", {
      method: "post",
      path: "/api/schools/student/create",
      tags,
      summary: "Register one student into the open exam year",
      description:
        "The same name, date of birth and phone in one exam year is one student, even across schools: a duplicate answers 409 naming the school that has the student.",
      request: body(fields),
      responses: {
        201: json(rowResponse, "The new student"),
        409: errorResponse("The student is already registered this year, or no exam year is open"),
      },
    }),
    async (c) => {
      const student = await createStudent(c.var.services.database.db, viewerOf(c), actorOf(c), c.req.valid("json"));
      return created(c, student, STUDENT_MESSAGES.created);
    },
  );

  app.openapi(
    apiRoute("students.view", {
      method: "get",
      path: "/api/students/detail/{id}",
      tags,
      summary: "One of the signed-in school's students",
      request: { params: idParam },
      responses: { 200: json(rowResponse, "The student"), 404: errorResponse("No such student among yours") },
    }),
    async (c) => ok(c, await getStudent(c.var.services.database.db, viewerOf(c), c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("students.add", {
      method: "post",
      path: "/api/students/update/{id}",
      tags,
      summary: "Change one of the school's students",
      description: "A paid student's class cannot change (its roll number and paper depend on it).",
      request: { params: idParam, ...body(fields) },
      responses: {
        200: json(rowResponse, "The student as saved"),
        404: errorResponse("No such student among yours"),
        409: errorResponse("The change makes it equal to another registered student"),
        422: errorResponse("The class of a paid student cannot change"),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const student = await updateStudent(c.var.services.database.db, viewerOf(c), actorOf(c), id, c.req.valid("json"));
      return ok(c, student, STUDENT_MESSAGES.updated);
    },
  );

  app.openapi(
    apiRoute("students.add", {
      method: "post",
      path: "/api/schools/students/delete",
      tags,
      summary: "Delete unpaid students",
      description:
        "Deletes the listed students that are unpaid; paid and pending ones are kept, each with the reason. Ids that are not the school's are reported as not found.",
      request: body(named(studentIdsBody, "StudentIdsBody")),
      responses: {
        200: json(
          envelope(named(studentDeleteData, "StudentDeleteData")).openapi("StudentDeleteResponse"),
          "What was deleted and what was kept",
        ),
      },
    }),
    async (c) => {
      const result = await deleteStudents(c.var.services.database.db, viewerOf(c), actorOf(c), c.req.valid("json").ids);
      const message =
        result.kept.length === 0
          ? `${countOf(result.deleted.length, COUNTED.student)} deleted`
          : `${result.deleted.length} deleted, ${result.kept.length} kept`;
      return ok(c, result, message);
    },
  );

  app.openapi(
    apiRoute("students.add", {
      method: "get",
      path: "/api/schools/student/{id}/send-credential-mail",
      tags,
      summary: "Send the student its sign-in details (by mail, or by SMS without an e-mail address)",
      description:
        "Makes the student's own sign-in (or gives it a new password) and queues the mail in the student's language; a student without an e-mail address gets a text message on its mobile number instead (429 when that number had too many texts this hour). The password exists only in that mail or text.",
      request: { params: idParam },
      responses: {
        200: json(
          envelope(named(zod.object({ username: zod.string() }), "StudentCredentialsData")).openapi(
            "StudentCredentialsResponse",
          ),
          "The mail or text message is queued",
        ),
        404: errorResponse("No such student among yours"),
        422: errorResponse("The student has no e-mail address and no mobile number"),
      },
    }),
    async (c) => {
      const services = c.var.services;
      const result = await sendStudentCredentials(
        services.database.db,
        services.sms,
        viewerOf(c),
        actorOf(c),
        c.req.valid("param").id,
        `${services.config.schoolOrigin}/login`,
      );
      return ok(c, { username: result.username }, result.message);
    },
  );
}
