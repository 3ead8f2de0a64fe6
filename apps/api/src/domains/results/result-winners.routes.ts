import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  districtRankerPage,
  districtRankerQuery,
  districtRankerRow,
  examResultInsights,
  insightFilters,
  mockInsight,
  mockInsightBody,
  rankingDistrictRow,
  rankingDistricts,
  rankingDistrictsQuery,
  rankingStateRow,
  rankingStatesQuery,
  studentResult,
  studentResultQuery,
  winnerRow,
  winnersPage,
  winnersQuery,
} from "@repo/contracts/result-winners";
import { AWARDS } from "@repo/contracts/results-constants";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named, pathId } from "../../kernel/http/schemas";
import { reportDb } from "../../kernel/read-replica";
import { studentResultFor } from "./explain";
import { examResultInsights as insightsOf, mockInsight as mockInsightOf } from "./insights";
import { districtRankers, rankingDistricts as districtsOf, listWinners, rankingStates } from "./winners";

const SCOPE =
  "This exam year's sheets. Admins (3, 6, 7) see the whole country; a coordinator sees its zones, states, prants or districts and everything below them; anything outside answers 404.";
const REGION_FILTERS =
  "Filters zone_id, state_id, prant_id, district_id and school_id narrow the caller's region further.";
const AWARD_TEXT = AWARDS.map((a) => `\`${a.code}\` (${a.name}: top ${a.places} per class in each ${a.per})`).join(
  ", ",
);

const studentIdParam = z.object({
  student_id: pathId("student_id"),
});

/** Winners, the Ranking pages, the insights and a student's explained score (issue 15). */
export function registerResultWinnerRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("results.view", {
      method: "get",
      path: "/api/result-winners",
      tags: ["Results: winners and ranking"],
      summary: "The winners of an award, per group and class, in position order",
      description: `Awards: ${AWARD_TEXT}. level: level1 (default) or level2; class_level narrows to one class. Everyone in the first N positions and everyone tied with the last of them wins; when that tie takes a group beyond its N places, its sheets say \`tie_at_cutoff\` (places and taken count the whole group). ${SCOPE} ${REGION_FILTERS}`,
      request: { query: winnersQuery },
      responses: {
        200: json(
          envelope(winnersPage.extend({ items: z.array(named(winnerRow, "WinnerRow")) })).openapi("WinnersPage"),
          "A page of winners",
        ),
      },
    }),
    async (c) => ok(c, await listWinners(reportDb(c), signedIn(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("ranking.view", {
      method: "get",
      path: "/api/ranking/state-district",
      tags: ["Results: winners and ranking"],
      summary: "Each state of the caller's region with the level's results",
      description: `Answer sheets, top and average score and districts with results, states with results first. ${SCOPE}`,
      request: { query: rankingStatesQuery },
      responses: {
        200: json(
          envelope(
            z.object({ exam_year: z.string(), items: z.array(named(rankingStateRow, "RankingStateRow")) }),
          ).openapi("RankingStatesResponse"),
          "One row per state",
        ),
      },
    }),
    async (c) => ok(c, await rankingStates(reportDb(c), signedIn(c), c.req.valid("query").level)),
  );

  app.openapi(
    apiRoute("ranking.view", {
      method: "get",
      path: "/api/ranking/state-wise-district",
      tags: ["Results: winners and ranking"],
      summary: "Each district of a state with the level's results",
      description: `The districts of state_id inside the caller's region, with answer sheets, top and average score, schools with results and the classes that have sheets. ${SCOPE}`,
      request: { query: rankingDistrictsQuery },
      responses: {
        200: json(
          envelope(
            named(
              rankingDistricts.extend({ items: z.array(named(rankingDistrictRow, "RankingDistrictRow")) }),
              "RankingDistricts",
            ),
          ).openapi("RankingDistrictsResponse"),
          "The state and one row per district",
        ),
        404: errorResponse("No such state in the caller's region"),
      },
    }),
    async (c) => ok(c, await districtsOf(reportDb(c), signedIn(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("ranking.view", {
      method: "get",
      path: "/api/ranking/district-ranker-list",
      tags: ["Results: winners and ranking"],
      summary: "A district's rank list",
      description: `The sheets of district_id (one class with class_level, else every class) in dense district rank order, ties listed by roll number, with the awards each earned. ${SCOPE}`,
      request: { query: districtRankerQuery },
      responses: {
        200: json(
          envelope(
            districtRankerPage.extend({ items: z.array(named(districtRankerRow, "DistrictRankerRow")) }),
          ).openapi("DistrictRankerPage"),
          "A page of the district's rankers",
        ),
        404: errorResponse("No such district in the caller's region"),
      },
    }),
    async (c) => ok(c, await districtRankers(reportDb(c), signedIn(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("results.view", {
      method: "post",
      path: "/api/student-mock-insight",
      tags: ["Results: insights"],
      summary: "Per question of a paper set: correct share, options marked, blanks, double marks",
      description: `level: mock (default), level1 or level2; paper_set_id: the paper (by default the one with most sheets under the filters); class_level and language narrow the sheets. ${SCOPE} ${REGION_FILTERS}`,
      request: { body: { content: { "application/json": { schema: mockInsightBody } }, required: false } },
      responses: {
        200: json(envelope(named(mockInsight, "MockInsight")).openapi("MockInsightResponse"), "The paper's questions"),
        404: errorResponse("No such paper set"),
        422: errorResponse("The paper set is not of the level"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      return ok(c, await mockInsightOf(reportDb(c), signedIn(c), body));
    },
  );

  app.openapi(
    apiRoute("results.view", {
      method: "get",
      path: "/api/get-exam-result-insights",
      tags: ["Results: insights"],
      summary: "A level's results in the caller's region at a glance",
      description: `Answer sheets, average, median, highest and lowest score, sheets per tenth of their paper's full marks, the share whose qualifying rules were met (Level 1: Section A reached 20), by class and paper set. level: mock (default), level1 or level2. ${SCOPE} ${REGION_FILTERS}`,
      request: { query: insightFilters },
      responses: {
        200: json(
          envelope(named(examResultInsights, "ExamResultInsights")).openapi("ExamResultInsightsResponse"),
          "The summary",
        ),
      },
    }),
    async (c) => ok(c, await insightsOf(reportDb(c), signedIn(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("results.view", {
      method: "get",
      path: "/api/student-result/{student_id}",
      tags: ["Results: insights"],
      summary: "One student's score explained question by question",
      description: `For each question: what was marked, the key, the outcome (right, wrong, blank, double) and the marks; each section's marks and whether it counted ("Not counted (Section A below 20)"); the ranks and awards. level: level1 (default), level2 or mock. A student outside the caller's region, or without a sheet of the level, answers 404.`,
      request: { params: studentIdParam, query: studentResultQuery },
      responses: {
        200: json(envelope(named(studentResult, "StudentResult")).openapi("StudentResultResponse"), "The result"),
        404: errorResponse("No such student in the caller's region, or no sheet of the level"),
      },
    }),
    async (c) =>
      ok(
        c,
        await studentResultFor(
          c.var.services.database.db,
          signedIn(c),
          c.req.valid("param").student_id,
          c.req.valid("query").level,
        ),
      ),
  );
}
