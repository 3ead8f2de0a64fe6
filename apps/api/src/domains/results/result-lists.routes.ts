import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import {
  finalizedPaperSet,
  finalizedPaperSetQuery,
  prantResultFilters,
  prantResultRow,
  prantResults,
  schoolResultPage,
  schoolResultQuery,
  schoolResultRow,
  schoolStudents,
  schoolStudentsQuery,
  stateResultFilters,
  stateResultRow,
  stateResults,
  studentMockExportQuery,
  studentResultPage,
  studentResultQuery,
  studentResultRow,
} from "@repo/contracts/result-lists";
import { RESULT_LIST_WINDOW, SCHOOL_STUDENTS_LIMIT } from "@repo/contracts/result-lists-constants";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { startExport } from "../../kernel/exports/exports";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { reportDb } from "../../kernel/read-replica";
import { CSV_TYPE, XLSX_TYPE } from "../../kernel/spreadsheets/index";
import { RESULT_LIST_EXPORT_KINDS } from "./list-exports";
import {
  finalizedPaperSets,
  listSchoolResults,
  listStudentResults,
  prantResults as prantResultsOf,
  schoolStudentResults,
  stateResults as stateResultsOf,
} from "./lists";

const tags = ["Results"];
const SCOPE =
  "Admins (3, 6, 7) see the whole country; a coordinator sees the sheets of the zones, states, prants or districts it is assigned. Marks are numbers of marks (19.5), not hundredths.";
const MOCK =
  "level is level1 (default), level2 or mock; a mock also needs the `results.mock` permission (not state coordinators).";
const studentRowSchema = named(studentResultRow, "StudentResultRow");

/** The result lists of the coordinator console (issue 15), with the programme's call names (docs/domain.md, API conventions). */
export function registerResultListRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("results.view", {
      method: "post",
      path: "/api/student-results",
      tags,
      summary: "Page through the students' results of a level",
      description: `Each sheet of the open exam year's level with the student, school and region, the total and section marks (a section whose qualifying rule was not met has counted: false), right/wrong/blank, and for Level 1 and 2 the ranks (school, district, state, national; dense, per class) and the highest award. ${MOCK} ${SCOPE} Filters: class_level, zone_id, state_ids, prant_ids, district_ids, school_id, paper_set_id, search (the beginning of a name or roll number), award (Level 1 and 2). Sort by rank (default: class, national rank, then roll number) or name. Only the first ${RESULT_LIST_WINDOW.toLocaleString("en-IN")} rows can be paged through; the total stops there (a search at 1,000) and says so in total_capped.`,
      request: { body: { content: { "application/json": { schema: studentResultQuery } }, required: false } },
      responses: {
        200: json(
          envelope(studentResultPage.extend({ items: z.array(studentRowSchema) })).openapi("StudentResultPage"),
          "A page of students' results",
        ),
        400: errorResponse("A filter that is not valid, or a page beyond the paging window"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await listStudentResults(reportDb(c), signedIn(c), body));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "post",
      path: "/api/school-mock-results",
      tags,
      summary: "Page through the schools' results of a level",
      description: `Each school with sheets of the level: sheets, average, highest and lowest marks and, for Level 1 and 2, its school toppers (top 3 per class). ${MOCK} ${SCOPE} Filters: class_level, zone_id, state_ids, prant_ids, district_ids, paper_set_id, search (part of the school's name). By name.`,
      request: { body: { content: { "application/json": { schema: schoolResultQuery } }, required: false } },
      responses: {
        200: json(
          envelope(schoolResultPage.extend({ items: z.array(named(schoolResultRow, "SchoolResultRow")) })).openapi(
            "SchoolResultPage",
          ),
          "A page of schools",
        ),
        400: errorResponse("A filter that is not valid, or a page beyond the paging window"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await listSchoolResults(reportDb(c), signedIn(c), body));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "post",
      path: "/api/state-mock-results",
      tags,
      summary: "Each state's results of a level",
      description: `Each state of the caller's region with sheets of the level: sheets, average, highest, and how many qualified (every section counted: Level 1's Section B with Section A at 20 or more). ${MOCK} ${SCOPE} Filters: class_level, zone_id, paper_set_id.`,
      request: { body: { content: { "application/json": { schema: stateResultFilters } }, required: false } },
      responses: {
        200: json(
          envelope(
            named(stateResults.extend({ items: z.array(named(stateResultRow, "StateResultRow")) }), "StateResults"),
          ),
          "One row per state, by name",
        ),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await stateResultsOf(reportDb(c), signedIn(c), body));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "post",
      path: "/api/admin/get-prant-ranking-final-list",
      tags,
      summary: "Each prant's results of Level 1 or 2",
      description: `Each prant of the caller's region (and a row per state for students with no prant) with its sheets, average, highest, qualified, and its students in the state camp (top 20 per class in the state) and the national camp (top 2). level is level1 (default) or level2. ${SCOPE} Filters: class_level, zone_id, state_ids, paper_set_id.`,
      request: { body: { content: { "application/json": { schema: prantResultFilters } }, required: false } },
      responses: {
        200: json(
          envelope(
            named(prantResults.extend({ items: z.array(named(prantResultRow, "PrantResultRow")) }), "PrantResults"),
          ),
          "One row per prant, by state and name",
        ),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await prantResultsOf(reportDb(c), signedIn(c), body));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "get",
      path: "/api/getstudentsList",
      tags,
      summary: "One school's students with their results",
      description: `The students of one school of the caller's region with their results of the level, best first (at most ${SCHOOL_STUDENTS_LIMIT.toLocaleString("en-IN")}; truncated says when there are more). A school outside the caller's region answers 404. ${MOCK}`,
      request: { query: schoolStudentsQuery },
      responses: {
        200: json(
          envelope(named(schoolStudents.extend({ items: z.array(studentRowSchema) }), "SchoolStudents")),
          "The school and its students' results",
        ),
        404: errorResponse("No school of the caller's region has that id"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return ok(c, await schoolStudentResults(reportDb(c), signedIn(c), query));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "get",
      path: "/api/admin/get-combination-name-finalzed-list",
      tags,
      summary: "A level's finalized paper sets, with their sheets",
      description: `The finalized paper sets ("combination names": name and code) of the open exam year's level, with the caller's region's sheets of each: the lists' paper_set_id filter. ${MOCK}`,
      request: { query: finalizedPaperSetQuery },
      responses: {
        200: json(envelope(z.array(named(finalizedPaperSet, "FinalizedPaperSet"))), "By class and code"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      return ok(c, await finalizedPaperSets(reportDb(c), signedIn(c), query));
    },
  );

  const binary = z.string().openapi({ format: "binary" });
  app.openapi(
    apiRoute("results.mock", {
      method: "get",
      path: "/api/student-mock-results/export",
      tags,
      summary: "The mock students' results as XLSX or CSV",
      description: `The mock's student list (as student-results with level=mock) with its filters as query parameters: class_level, zone_id, state_id, prant_id, district_id, school_id, paper_set_id, search, sort; format xlsx (default) or csv. ${SCOPE} Also POST /api/export/student-results with the list's body.`,
      request: { query: studentMockExportQuery },
      responses: {
        200: {
          description: "The file",
          content: { [XLSX_TYPE]: { schema: binary }, [CSV_TYPE]: { schema: binary } },
        },
      },
    }),
    async (c) => {
      const { format, state_id, prant_id, district_id, ...filters } = c.req.valid("query");
      const file = await startExport(
        RESULT_LIST_EXPORT_KINDS,
        reportDb(c),
        signedIn(c),
        EXPORT_KIND.studentResults,
        format,
        {
          ...filters,
          level: "mock",
          ...(state_id ? { state_ids: [state_id] } : {}),
          ...(prant_id ? { prant_ids: [prant_id] } : {}),
          ...(district_id ? { district_ids: [district_id] } : {}),
        },
      );
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
    },
  );
}
