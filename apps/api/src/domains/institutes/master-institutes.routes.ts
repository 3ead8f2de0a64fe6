import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  activeState,
  gccSchoolListQuery,
  instituteSchoolBody,
  instituteSchoolCreated,
  instituteSchoolListQuery,
  instituteSchoolPage,
  instituteStudentBody,
  masterInstituteCreateBody,
  masterInstituteFields,
  masterInstituteListQuery,
  masterInstitutePage,
  masterInstituteProfile,
  masterInstituteRow,
} from "@repo/contracts/master-institutes";
import { MASTER_INSTITUTE_MESSAGES } from "@repo/contracts/master-institutes-constants";
import { idOfText } from "@repo/contracts/numbers-constants";
import { assignedCoordinator, schoolDashboard } from "@repo/contracts/school-dashboard";
import { studentListQuery, studentPage, studentRow } from "@repo/contracts/students";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { created, ok } from "../../kernel/http/envelope";
import { invalidField } from "../../kernel/http/errors";
import { registerImportRoutes } from "../../kernel/http/imports";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named } from "../../kernel/http/schemas";
import { assignedCoordinators, schoolDashboard as dashboardOf } from "../dashboards/school-dashboard";
import { previewStudentImport, SCHOOL_STUDENT_IMPORT, startStudentImport } from "../students/student-import";
import { listStudentsIn } from "../students/students";
import {
  createInstituteSchool,
  createInstituteStudent,
  instituteOf,
  instituteTargetSchool,
  listSchools,
  schoolChoices,
  setInstituteSchoolActive,
} from "./institute-schools";
import {
  createMasterInstitute,
  getMasterInstitute,
  listMasterInstitutes,
  ownInstituteProfile,
  setMasterInstituteActive,
  updateMasterInstitute,
  updateOwnInstitute,
} from "./master-institutes";
import { previewSchoolImport, SCHOOL_IMPORT_FILE, schoolTemplate, startSchoolImport } from "./school-import";

/**
 * Master institutes (decision 016): the institute's own paths (role 17:
 * dashboard, its schools, their students, its coordinators, its profile) and LMS's management of
 * institutes (role 4: list, create, edit, enable/disable, one institute's schools and students),
 * plus LMS's list of the GCC zone's schools. A master institute sees only its own schools: any
 * other id answers 404.
 */

const tags = ["Master institutes"];
const row = named(masterInstituteRow, "MasterInstituteRow");
const rowResponse = envelope(row).openapi("MasterInstituteResponse");
const schoolPage = envelope(named(instituteSchoolPage, "InstituteSchoolPage")).openapi("InstituteSchoolPageResponse");
const stateResponse = envelope(named(activeState, "ActiveState")).openapi("ActiveStateResponse");
const notInstitute = errorResponse("The account has no master institute behind it, or the id is not one of its own");
const activeBody = named(
  z.strictObject({ is_active: z.boolean({ error: "is_active must be true or false" }) }),
  "ActiveBody",
);

const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

const viewerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};

const loginUrl = (c: { var: AppEnv["Variables"] }) => `${c.var.services.config.schoolOrigin}/login`;

export function registerMasterInstituteRoutes(app: OpenAPIHono<AppEnv>) {
  // ── The master institute's own paths (role 17) ────────────────────────────────────────────
  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "get",
      path: "/api/master-institute",
      tags,
      summary: "The signed-in master institute's own details",
      responses: {
        200: json(
          envelope(named(masterInstituteProfile, "MasterInstituteProfile")).openapi("MasterInstituteProfileResponse"),
          "The institute",
        ),
        404: notInstitute,
      },
    }),
    async (c) => ok(c, await ownInstituteProfile(c.var.services.database.db, viewerOf(c))),
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "post",
      path: "/api/master-institute/profile",
      tags,
      summary: "Change the signed-in master institute's details",
      request: body(named(masterInstituteFields, "MasterInstituteFields")),
      responses: {
        200: json(envelope(named(masterInstituteProfile, "MasterInstituteProfile")), "The institute as saved"),
        409: errorResponse("Another master institute has this name"),
      },
    }),
    async (c) => {
      const saved = await updateOwnInstitute(c.var.services.database.db, viewerOf(c), actorOf(c), c.req.valid("json"));
      return ok(c, saved, MASTER_INSTITUTE_MESSAGES.profileSaved);
    },
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "get",
      path: "/api/master-institute/dashboard",
      tags,
      summary: "The master institute's dashboard: its schools' students, amount due, coordinators",
      description: "The same dashboard as GET /api/schools/dashboard, over all of the institute's schools.",
      responses: {
        200: json(envelope(named(schoolDashboard, "SchoolDashboard")), "The dashboard"),
        404: notInstitute,
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      await instituteOf(db, viewerOf(c));
      return ok(c, await dashboardOf(db, viewerOf(c)));
    },
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "get",
      path: "/api/master-institute/coordinators/assigned",
      tags,
      summary: "The coordinators whose regions hold the institute's schools",
      responses: {
        200: json(
          envelope(named(z.array(named(assignedCoordinator, "AssignedCoordinator")), "AssignedCoordinators")),
          "The coordinators",
        ),
        404: notInstitute,
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      await instituteOf(db, viewerOf(c));
      return ok(c, await assignedCoordinators(db, viewerOf(c)));
    },
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "get",
      path: "/api/master-institute/schools/list",
      tags,
      summary: "Page through the institute's schools with their students this exam year",
      description:
        "Search by name, e-mail, PIN code, contact or username; filter by status. Each school has its students (paid, pending, unpaid) and the amount due at its country's Level 1 fee.",
      request: { query: instituteSchoolListQuery },
      responses: { 200: json(schoolPage, "A page of schools"), 404: notInstitute },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const masterInstituteId = await instituteOf(db, viewerOf(c));
      return ok(c, await listSchools(db, { kind: "institute", masterInstituteId }, c.req.valid("query")));
    },
  );

  app.openapi(
    apiRoute("students.add", {
      method: "get",
      path: "/api/master-institute/schools/choices",
      tags,
      summary: "The institute's schools for a school picker (id, name, active)",
      responses: {
        200: json(
          envelope(
            named(
              z.array(z.object({ id: z.number().int(), name: z.string(), is_active: z.boolean() })),
              "SchoolChoices",
            ),
          ).openapi("SchoolChoicesResponse"),
          "The schools, by name",
        ),
        404: notInstitute,
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      return ok(c, await schoolChoices(db, await instituteOf(db, viewerOf(c))));
    },
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "post",
      path: "/api/master-institute/schools/create",
      tags,
      summary: "Add a school to the institute, with its own sign-in",
      description:
        "The school registration form; the password may be left out, and the portal makes one. The school's role-2 account is created and its sign-in details are mailed to the school's e-mail address.",
      request: body(named(instituteSchoolBody, "InstituteSchoolBody")),
      responses: {
        201: json(
          envelope(named(instituteSchoolCreated, "InstituteSchoolCreated")).openapi("InstituteSchoolCreatedResponse"),
          "The new school",
        ),
        409: errorResponse("The username or e-mail is already in use"),
        422: errorResponse("The regions do not form one path down the tree"),
      },
    }),
    async (c) => {
      const result = await createInstituteSchool(
        c.var.services.database.db,
        viewerOf(c),
        actorOf(c),
        c.req.valid("json"),
        loginUrl(c),
      );
      return created(c, result, MASTER_INSTITUTE_MESSAGES.schoolCreated);
    },
  );

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "post",
      path: "/api/master-institute/schools/{id}/active",
      tags,
      summary: "Enable or disable one of the institute's schools",
      description: "A disabled school's accounts cannot sign in. Another institute's school answers 404.",
      request: { params: idParam, ...body(activeBody) },
      responses: { 200: json(stateResponse, "The school's new state"), 404: notInstitute },
    }),
    async (c) => {
      const { is_active: isActive } = c.req.valid("json");
      const result = await setInstituteSchoolActive(
        c.var.services.database.db,
        viewerOf(c),
        actorOf(c),
        c.req.valid("param").id,
        isActive,
      );
      return ok(
        c,
        result,
        isActive ? MASTER_INSTITUTE_MESSAGES.schoolEnabled : MASTER_INSTITUTE_MESSAGES.schoolDisabled,
      );
    },
  );

  registerImportRoutes(app, {
    file: SCHOOL_IMPORT_FILE,
    access: "institute.schools.manage",
    tags,
    path: "/api/master-institute/schools/import",
    nouns: "schools",
    template: {
      summary: "The schools import template (XLSX)",
      fileName: "schools-template.xlsx",
      build: () => schoolTemplate(),
    },
    upload: {
      summary: "Import the institute's schools from a spreadsheet",
      description:
        "Multipart form with `file` and `mode`, like the students import. Each school gets its role-2 account and a credentials mail. A row whose username is already one of the institute's schools changes nothing (counted as already registered), so uploading the same file again adds nothing.",
      schemaPrefix: "SchoolImport",
      target: (c) => instituteOf(c.var.services.database.db, viewerOf(c)),
      preview: (_c, bytes) => previewSchoolImport(bytes),
      start: (c, masterInstituteId, upload) => {
        const { database, storage } = c.var.services;
        return startSchoolImport(
          { database, storage },
          { masterInstituteId, actor: actorOf(c), loginUrl: loginUrl(c) },
          upload,
        );
      },
    },
    errors: {
      summary: "The errors file of a schools import",
      fileName: (jobId) => `school-import-${jobId}-errors.xlsx`,
    },
  });

  app.openapi(
    apiRoute("institute.schools.manage", {
      method: "post",
      path: "/api/master-institute/student/create",
      tags,
      summary: "Register one student into one of the institute's schools",
      description:
        "The student form plus `school_id`, which must be one of the institute's active schools (404 otherwise). Duplicates answer 409 like the school's own form.",
      request: body(named(instituteStudentBody, "InstituteStudentBody")),
      responses: {
        201: json(envelope(named(studentRow, "StudentRow")), "The new student"),
        404: notInstitute,
        409: errorResponse("The student is already registered this year"),
      },
    }),
    async (c) => {
      const student = await createInstituteStudent(
        c.var.services.database.db,
        viewerOf(c),
        actorOf(c),
        c.req.valid("json"),
      );
      return created(c, student, MASTER_INSTITUTE_MESSAGES.studentCreated);
    },
  );

  registerImportRoutes(app, {
    file: SCHOOL_STUDENT_IMPORT,
    access: "institute.schools.manage",
    tags,
    path: "/api/master-institute/student/import",
    nouns: "students",
    upload: {
      summary: "Import students into one of the institute's schools",
      description:
        "The students import (same template, modes, job and errors file as POST /api/schools/student/import) with `school_id` naming one of the institute's active schools; errors file at GET /api/schools/student/import/{job_id}/errors.",
      fields: {
        school_id: z.string().optional().openapi({ type: "integer", description: "The school the students go to" }),
      },
      responses: { 404: notInstitute },
      target: (c, form) => {
        const schoolId = idOfText(typeof form.school_id === "string" ? form.school_id : null);
        if (schoolId === null) throw invalidField("school_id", "Choose the school", 400);
        return instituteTargetSchool(c.var.services.database.db, viewerOf(c), schoolId);
      },
      preview: (_c, bytes) => previewStudentImport(bytes),
      start: (c, schoolId, upload) => {
        const { database, storage } = c.var.services;
        return startStudentImport({ database, storage }, { schoolId, actor: actorOf(c) }, upload);
      },
    },
  });

  // ── LMS (role 4): managing master institutes ──────────────────────────────────────────────
  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "get",
      path: "/api/master-institute/list",
      tags,
      summary: "Page through the master institutes with their schools and students",
      request: { query: masterInstituteListQuery },
      responses: {
        200: json(
          envelope(named(masterInstitutePage, "MasterInstitutePage")).openapi("MasterInstitutePageResponse"),
          "A page of institutes",
        ),
      },
    }),
    async (c) => ok(c, await listMasterInstitutes(c.var.services.database.db, c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "post",
      path: "/api/master-institute",
      tags,
      summary: "Create a master institute with its sign-in",
      description:
        "The institute and its role-17 account; the password may be left out and the portal makes one. The sign-in details are mailed to the institute's e-mail address.",
      request: body(named(masterInstituteCreateBody, "MasterInstituteCreateBody")),
      responses: {
        201: json(rowResponse, "The new institute"),
        409: errorResponse("The name or username is already in use"),
      },
    }),
    async (c) => {
      const result = await createMasterInstitute(
        c.var.services.database.db,
        actorOf(c),
        c.req.valid("json"),
        loginUrl(c),
      );
      return created(c, result, MASTER_INSTITUTE_MESSAGES.created);
    },
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "get",
      path: "/api/master-institute/{id}",
      tags,
      summary: "One master institute",
      request: { params: idParam },
      responses: { 200: json(rowResponse, "The institute"), 404: errorResponse("No such master institute") },
    }),
    async (c) => ok(c, await getMasterInstitute(c.var.services.database.db, c.req.valid("param").id)),
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "post",
      path: "/api/master-institute/update/{id}",
      tags,
      summary: "Change a master institute's details",
      request: { params: idParam, ...body(named(masterInstituteFields, "MasterInstituteFields")) },
      responses: {
        200: json(rowResponse, "The institute as saved"),
        404: errorResponse("No such master institute"),
        409: errorResponse("Another master institute has this name"),
      },
    }),
    async (c) => {
      const saved = await updateMasterInstitute(
        c.var.services.database.db,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return ok(c, saved, MASTER_INSTITUTE_MESSAGES.updated);
    },
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "post",
      path: "/api/master-institute/active/{id}",
      tags,
      summary: "Enable or disable a master institute",
      description: "Disabling also disables its sign-in: it cannot sign in and its open sessions stop working.",
      request: { params: idParam, ...body(activeBody) },
      responses: {
        200: json(stateResponse, "The institute's new state"),
        404: errorResponse("No such master institute"),
      },
    }),
    async (c) => {
      const { is_active: isActive } = c.req.valid("json");
      const result = await setMasterInstituteActive(
        c.var.services.database.db,
        actorOf(c),
        c.req.valid("param").id,
        isActive,
      );
      return ok(c, result, isActive ? MASTER_INSTITUTE_MESSAGES.enabled : MASTER_INSTITUTE_MESSAGES.disabled);
    },
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "get",
      path: "/api/master-institute/{id}/schools/list",
      tags,
      summary: "One master institute's schools with their students",
      request: { params: idParam, query: instituteSchoolListQuery },
      responses: { 200: json(schoolPage, "A page of schools"), 404: errorResponse("No such master institute") },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const { id } = c.req.valid("param");
      await getMasterInstitute(db, id);
      return ok(c, await listSchools(db, { kind: "institute", masterInstituteId: id }, c.req.valid("query")));
    },
  );

  app.openapi(
    apiRoute("masterInstitutes.manage", {
      method: "post",
      path: "/api/master-institute/{id}/students/list",
      tags,
      summary: "One master institute's students (all its schools), with the student list's filters",
      request: { params: idParam, ...body(named(studentListQuery, "StudentListQuery")) },
      responses: {
        200: json(envelope(named(studentPage, "StudentPage")), "A page of students"),
        404: errorResponse("No such master institute"),
      },
    }),
    async (c) => {
      const db = c.var.services.database.db;
      const { id } = c.req.valid("param");
      await getMasterInstitute(db, id);
      return ok(c, await listStudentsIn(db, { kind: "institute", masterInstituteId: id }, c.req.valid("json")));
    },
  );

  // ── LMS (role 4): the GCC zone's schools ──────────────────────────────────────────────────
  app.openapi(
    apiRoute("schools.gcc", {
      method: "get",
      path: "/api/schools/gcc/list",
      tags: ["Schools"],
      summary: "Page through the schools of the GCC zone with their students",
      description:
        "The schools whose zone is the GCC zone (code GCC). Search by name, e-mail, PIN code, contact or username; filter by country (state_id), status and payment (`paid`: has paid students; `unpaid`: has unpaid ones).",
      request: { query: gccSchoolListQuery },
      responses: { 200: json(schoolPage, "A page of schools") },
    }),
    async (c) => ok(c, await listSchools(c.var.services.database.db, { kind: "gcc" }, c.req.valid("query"))),
  );
}
