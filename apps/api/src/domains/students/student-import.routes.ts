import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { registerImportRoutes } from "../../kernel/http/imports";
import {
  importSchoolOf,
  previewStudentImport,
  SCHOOL_STUDENT_IMPORT,
  startStudentImport,
  studentTemplate,
} from "./student-import";

/** Routes for the students spreadsheet import (template, preview, job, errors file): one import declaration. */
export function registerStudentImportRoutes(app: OpenAPIHono<AppEnv>) {
  registerImportRoutes(app, {
    file: SCHOOL_STUDENT_IMPORT,
    access: "students.add",
    tags: ["Students"],
    path: "/api/schools/student/import",
    nouns: "students",
    template: {
      summary: "The import template (XLSX)",
      description:
        "Header row First name, Last name, Class, Language, Gender, Date of birth, Parent's name, Phone, E-mail; drop-down lists for class, language and gender; an Instructions sheet.",
      fileName: "students-template.xlsx",
      build: () => studentTemplate(),
    },
    upload: {
      summary: "Import students from a spreadsheet",
      description:
        "Multipart form with `file` and `mode`. `preview` answers 200 with the column mapping, the number of data rows, the first rows as read and the count of rows already refused; nothing is saved. The other modes check the file's type, size and columns at once (413/422 with a message), then answer 202 with the job's id: GET /api/jobs/{id} gives progress and, when done, `{ inserted, already_registered, bad_rows, errors_file_id, errors, message }`. The students go to the caller's own school, in the open exam year, in one transaction. A student the school already has counts as already registered (uploading the same file again adds nothing); one that another school has is an error naming that school.",
      schemaPrefix: "StudentImport",
      target: (c) => importSchoolOf(c.var.services.database.db, signedIn(c)),
      preview: (_c, bytes) => previewStudentImport(bytes),
      start: (c, schoolId, upload) => {
        const { database, storage } = c.var.services;
        return startStudentImport({ database, storage }, { schoolId, actor: actorOf(c) }, upload);
      },
    },
    errors: {
      summary: "The errors file of an import",
      description:
        'The uploaded rows that were not saved, in the template\'s columns with an "Errors" column (every row when nothing was saved). Only for the user who started the import.',
      fileName: (jobId) => `student-import-${jobId}-errors.xlsx`,
    },
  });
}
