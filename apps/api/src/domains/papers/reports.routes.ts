import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { paginated } from "@repo/contracts/pagination";
import {
  activityLogItem,
  activityLogQuery,
  questionTableQuery,
  questionTableRow,
  subjectWiseQuery,
  subjectWiseRow,
} from "@repo/contracts/papers";
import type { AppEnv } from "../../context";
import { ok } from "../../kernel/http/envelope";
import { apiRoute } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { activityLogs, levelOfQuery, questionTable, subjectWise } from "./reports";
import { tags, viewerOf } from "./route-helpers";

/** The paper-setting dashboards and the activity log. */
export function registerPaperReportRoutes(app: OpenAPIHono<AppEnv>) {
  // ------------------------------------------------------------------------------- dashboards
  app.openapi(
    apiRoute("papers.dashboard", {
      method: "get",
      path: "/api/question/question-table-list",
      tags,
      summary: "A level's dashboard: per subject and class, written, reviewed, translated and needed",
      request: { query: questionTableQuery },
      responses: {
        200: json(envelope(z.array(named(questionTableRow, "QuestionTableRow"))).openapi("QuestionTable"), "Rows"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await questionTable(db, viewer, levelOfQuery(query)));
    },
  );

  app.openapi(
    apiRoute("paperSets.view", {
      method: "get",
      path: "/api/question/subject-wise-question-list",
      tags,
      summary: "One subject across the level's paper sets: needed, placed, available",
      request: { query: subjectWiseQuery },
      responses: {
        200: json(envelope(z.array(named(subjectWiseRow, "SubjectWiseRow"))).openapi("SubjectWiseList"), "Rows"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await subjectWise(db, viewer, query.subject_name, levelOfQuery(query)));
    },
  );

  // ------------------------------------------------------------------------------ activity log
  app.openapi(
    apiRoute("activityLogs.view", {
      method: "get",
      path: "/api/dashboard/user-activity-logs",
      tags,
      summary: "Who did what to which question or paper set",
      description: "A subject panel user sees its own actions. Dates are India's days.",
      request: { query: activityLogQuery },
      responses: {
        200: json(envelope(paginated(named(activityLogItem, "ActivityLogItem"))).openapi("ActivityLogPage"), "Entries"),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const { db, viewer } = await viewerOf(c);
      return ok(c, await activityLogs(db, viewer, query));
    },
  );
}
