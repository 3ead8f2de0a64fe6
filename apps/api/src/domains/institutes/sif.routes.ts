import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  individualStudentPage,
  individualStudentQuery,
  referralCodeCheckData,
  sifRegistrationBody,
  sifRegistrationData,
  sifSchoolPage,
  sifSchoolQuery,
} from "@repo/contracts/sif";
import { normalizeReferralCode, REFERRAL_CODE_PATTERN, SIF_MESSAGES } from "@repo/contracts/sif-constants";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { ApiError } from "../../kernel/http/errors";
import { registerImportRoutes } from "../../kernel/http/imports";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, messageOnly, named } from "../../kernel/http/schemas";
import {
  checkReferralCode,
  deleteIndividualStudent,
  listIndividualStudents,
  listSifSchools,
  registerSifStudent,
} from "./sif";
import { SIF_IMPORT_FILE, sifTemplate, startSifImport } from "./sif-import";

const tags = ["Individual students (SIF)"];

const codeParam = z.object({
  code: z
    .string()
    .max(40)
    .openapi({ param: { name: "code", in: "path", required: true }, example: "VVM7K2Q9D" }),
});

/** Routes of individual (SIF) students: the public registration and the admins' list, import and delete. */
export function registerSifRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/sif/list/schools",
      tags,
      summary: "Search the active schools an individual student can choose (public)",
      description:
        "Every word of `search` must appear in the school's name, city, district or state. Ordered by name, paged (at most 40 a page). Rate limited per client.",
      request: { query: sifSchoolQuery },
      responses: {
        200: json(
          envelope(named(sifSchoolPage, "SifSchoolPage")).openapi("SifSchoolPageResponse"),
          "A page of schools",
        ),
        429: errorResponse("Too many searches from this client; Retry-After says when to try again"),
      },
    }),
    async (c) => ok(c, await listSifSchools(c.var.services.database.db, c.req.valid("query"), c.var.clientIp)),
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/sif/referral-code/{code}",
      tags,
      summary: "Which school a referral code belongs to (public)",
      description:
        "Answers the school's name, or 404 “No school has this referral code”. Unknown codes are limited per client address.",
      request: { params: codeParam },
      responses: {
        200: json(
          envelope(named(referralCodeCheckData, "ReferralCodeCheckData")).openapi("ReferralCodeCheckResponse"),
          "The school",
        ),
        404: errorResponse("No school has this code"),
        429: errorResponse("Too many checks from this client; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const code = normalizeReferralCode(c.req.valid("param").code);
      if (!REFERRAL_CODE_PATTERN.test(code)) {
        throw new ApiError(404, SIF_MESSAGES.unknownReferral, [
          { field: "referral_code", message: SIF_MESSAGES.unknownReferral },
        ]);
      }
      const data = await checkReferralCode(c.var.services.database.db, code, c.var.clientIp);
      return ok(c, data, `This is the referral code of ${data.school_name}`);
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "post",
      path: "/api/sif/register/student",
      tags,
      summary: "Register as an individual student (public)",
      description:
        "Creates the student (source sif, open exam year) with its school (a listed one by `school_id`, or `unlisted_school_name` with zone and state), its referral (pending) when `referral_code` is a school's code, and its student account; mails the username and password to `email`. The same name, date of birth and phone in one exam year is one student: a duplicate answers 409. Rate limited per client address, registrations and refused attempts counted apart.",
      request: {
        body: {
          content: { "application/json": { schema: named(sifRegistrationBody, "SifRegistrationBody") } },
          required: true,
        },
      },
      responses: {
        200: json(
          envelope(named(sifRegistrationData, "SifRegistrationData")).openapi("SifRegistrationResponse"),
          "Registered; the sign-in details are on their way",
        ),
        409: errorResponse("The student is already registered this year, or no exam year is open"),
        422: errorResponse("The referral code, the school or the regions are wrong; `errors` names the field"),
        429: errorResponse("Too many registrations from this client; Retry-After says when to try again"),
      },
    }),
    async (c) => {
      const { database, config } = c.var.services;
      const data = await registerSifStudent(database.db, config, {
        body: c.req.valid("json"),
        clientIp: c.var.clientIp,
        requestId: c.var.requestId,
      });
      return ok(c, data, `You are registered. We mailed your username and password to ${data.email}.`);
    },
  );

  app.openapi(
    apiRoute("students.regionLists", {
      method: "get",
      path: "/api/sif/students",
      tags,
      summary: "Page through the individual students of the caller's region this exam year",
      description:
        "Admins see all; a coordinator those whose school (or, for an unlisted school, the region the student chose) is at or below an assignment. Search by name, parent, phone, e-mail, roll number or school; filter by class, payment status, zone, state, district and whether referred.",
      request: { query: individualStudentQuery },
      responses: {
        200: json(
          envelope(named(individualStudentPage, "IndividualStudentPage")).openapi("IndividualStudentPageResponse"),
          "A page of individual students",
        ),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const viewer = { userId: auth.userId, roleId: auth.roleId };
      return ok(c, await listIndividualStudents(c.var.services.database.db, viewer, c.req.valid("query")));
    },
  );

  app.openapi(
    apiRoute("payments.markPaid", {
      method: "get",
      path: "/api/admin/students/unpaid/individual",
      tags,
      summary: "Unpaid individual students, for marking one paid by hand (Admin and Sub Admin)",
      description:
        "The individual-students list narrowed to the unpaid ones (a payment in progress is not unpaid), with the same search and filters; each can then be marked paid with POST /api/admin/students/{id}/update-payment-status.",
      request: { query: individualStudentQuery.omit({ payment_status: true }) },
      responses: {
        200: json(
          envelope(named(individualStudentPage, "IndividualStudentPage")).openapi("IndividualStudentPageResponse"),
          "A page of unpaid individual students",
        ),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const viewer = { userId: auth.userId, roleId: auth.roleId };
      const query = { ...c.req.valid("query"), payment_status: "unpaid" as const };
      return ok(c, await listIndividualStudents(c.var.services.database.db, viewer, query));
    },
  );

  app.openapi(
    apiRoute("individualStudents.manage", {
      method: "delete",
      path: "/api/sif/student/{id}/delete",
      tags,
      summary: "Delete an unpaid individual student (Admin, Sub Admin)",
      description: "The student goes with its sign-in. A paid or pending one answers 409 with the reason.",
      request: { params: idParam },
      responses: {
        200: json(messageOnly, "Deleted"),
        404: errorResponse("No such individual student"),
        409: errorResponse("The student is paid, or a payment is under way"),
      },
    }),
    async (c) => {
      await deleteIndividualStudent(c.var.services.database.db, actorOf(c), c.req.valid("param").id);
      return ok(c, null, SIF_MESSAGES.deleted);
    },
  );

  registerImportRoutes(app, {
    file: SIF_IMPORT_FILE,
    access: "individualStudents.manage",
    tags,
    path: "/api/sif/student/import",
    nouns: "students",
    template: {
      summary: "The individual students' import template (XLSX)",
      description:
        "The students' template with E-mail required, plus School code (the school's referral code) and an optional Referral code.",
      fileName: "individual-students-template.xlsx",
      build: () => sifTemplate(),
    },
    upload: {
      summary: "Import individual students from a spreadsheet (Admin, Sub Admin)",
      description:
        "Multipart form with `file` and `mode`. The file's type, size and columns are checked at once (413/422), then the import runs as a job (202 with its id; GET /api/jobs/{id} gives progress and the result). Each student gets an account and its sign-in details by mail.",
      schemaPrefix: "SifImport",
      target: async () => undefined,
      start: (c, _target, upload) => {
        const { database, storage } = c.var.services;
        return startSifImport({ database, storage }, actorOf(c), upload);
      },
    },
    errors: {
      summary: "The errors file of an individual students' import",
      fileName: (jobId) => `individual-students-import-${jobId}-errors.xlsx`,
    },
  });
}
