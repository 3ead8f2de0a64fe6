import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import {
  analyticsFilters,
  coordinatorCounts,
  participation,
  registrationsVsCollections,
  schoolAnalytics,
  statisticsSummary,
  studyMaterialAnalytics,
} from "@repo/contracts/region-analytics";
import { dashboardCards, recentActivity, stateSummaryRow } from "@repo/contracts/region-dashboard";
import {
  regionSchoolPage,
  regionSchoolQuery,
  regionSchoolRow,
  regionStudentPage,
  regionStudentQuery,
  regionStudentRow,
} from "@repo/contracts/region-lists";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { primaryReportDb, reportDb } from "../../kernel/read-replica";
import {
  type AnalyticsRun,
  coordinatorCountsOf,
  MAX_SERIES_DAYS,
  participationOf,
  schoolAnalyticsOf,
  registrationsVsCollections as seriesOf,
  statisticsSummaryOf,
  studyMaterialAnalyticsOf,
} from "./region-analytics";
import { dashboardCards as cardsOf, recentActivity as recentOf, stateSummary } from "./region-dashboard";
import { listRegionSchools, listRegionStudents } from "./region-lists";

const SCOPE =
  "Admins (3, 6, 7) see the whole country; a coordinator sees the zones, states, prants or districts it is assigned and everything below them.";

/** The coordinator console's region-wide lists and its dashboard (decision 019). */
export function registerRegionListRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.total", {
      method: "post",
      path: "/api/region/students",
      tags: ["Region lists"],
      summary: "Page through the students of the caller's region",
      description: `This exam year's students. ${SCOPE} Filters: zone_id, state_ids, prant_ids, district_ids, school_id, class_level, language, payment_status, source (school or individual), registered_from and registered_to (days in India Standard Time, both included), search (the beginning of a name, roll number or phone). Sort by registered (default, newest first), name or class. Only the first 10,000 rows can be paged through; a total counted live (search, dates, one school) stops there and says so in total_capped.`,
      request: { body: { content: { "application/json": { schema: regionStudentQuery } }, required: false } },
      responses: {
        200: json(
          envelope(regionStudentPage.extend({ items: z.array(named(regionStudentRow, "RegionStudentRow")) })).openapi(
            "RegionStudentPage",
          ),
          "A page of students",
        ),
        400: errorResponse("A filter that is not valid, or a page beyond the first 10,000 rows"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const body = c.req.valid("json");
      return ok(c, await listRegionStudents(reportDb(c), auth, body));
    },
  );

  app.openapi(
    apiRoute("schools.total", {
      method: "post",
      path: "/api/region/schools",
      tags: ["Region lists"],
      summary: "Page through the schools of the caller's region",
      description: `Every school with this exam year's students by payment. ${SCOPE} Filters: zone_id, state_ids, prant_ids, district_ids, payment (paid: at least one paid student; unpaid: none yet), is_active, registered_from, registered_to, search (name, e-mail or phone anywhere, or the exact school code). Sort by registered (default, newest first), name, students or paid.`,
      request: { body: { content: { "application/json": { schema: regionSchoolQuery } }, required: false } },
      responses: {
        200: json(
          envelope(regionSchoolPage.extend({ items: z.array(named(regionSchoolRow, "RegionSchoolRow")) })).openapi(
            "RegionSchoolPage",
          ),
          "A page of schools",
        ),
        400: errorResponse("A filter that is not valid, or a page beyond the first 10,000 rows"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const body = c.req.valid("json");
      return ok(c, await listRegionSchools(reportDb(c), auth, body));
    },
  );

  app.openapi(
    apiRoute("admin.dashboard", {
      method: "post",
      path: "/api/admin/dashboard/card-summary",
      tags: ["Dashboard"],
      summary: "The dashboard's cards",
      description: `Schools, students by payment, students registered today (India Standard Time) and the money collected, this exam year. ${SCOPE} Each number is the total of the list its card opens. Money: paid orders of the region's schools (and of their students paying for themselves); a master institute's orders count in the country's figure only.`,
      responses: { 200: json(envelope(named(dashboardCards, "DashboardCards")), "The cards") },
    }),
    async (c) => ok(c, await cardsOf(primaryReportDb(c), signedIn(c))),
  );

  app.openapi(
    apiRoute("admin.dashboard", {
      method: "post",
      path: "/api/admin/dashboard/state-summary",
      tags: ["Dashboard"],
      summary: "Schools and students by state",
      description: `Each state of the caller's region with its schools and this exam year's students by payment. ${SCOPE}`,
      responses: {
        200: json(envelope(z.array(named(stateSummaryRow, "StateSummaryRow"))), "One row per state, by name"),
      },
    }),
    async (c) => ok(c, await stateSummary(reportDb(c), signedIn(c))),
  );

  app.openapi(
    apiRoute("admin.dashboard", {
      method: "post",
      path: "/api/admin/dashboard/recent-activity",
      tags: ["Dashboard"],
      summary: "The latest registrations and payments",
      description: `The latest students and schools registered and payments received in the caller's region. ${SCOPE}`,
      responses: { 200: json(envelope(named(recentActivity, "RecentActivity")), "The latest of each, newest first") },
    }),
    async (c) => ok(c, await recentOf(primaryReportDb(c), signedIn(c))),
  );

  // The analytics (decision 019): each takes the toolbar's date range and the region filters.
  const analytics = <T extends z.ZodType>(
    permission: "analytics.view" | "statistics.region",
    path: string,
    text: { summary: string; description: string },
    schema: T,
    run: AnalyticsRun<z.infer<T>>,
    /** Figures with money read the primary; the others may read the replica (decision 067). */
    reads: "replica" | "primary",
  ) =>
    app.openapi(
      apiRoute(permission, {
        method: "post",
        path,
        tags: ["Analytics"],
        summary: text.summary,
        description: `${text.description} ${SCOPE}`,
        request: { body: { content: { "application/json": { schema: analyticsFilters } }, required: false } },
        responses: { 200: json(envelope(schema), text.summary) },
      }),
      async (c) => {
        const filters = c.req.valid("json");
        return ok(c, await run(reads === "replica" ? reportDb(c) : primaryReportDb(c), signedIn(c), filters));
      },
    );

  analytics(
    "analytics.view",
    "/api/admin/dashboard/student-participation",
    {
      summary: "Students by class, language and source",
      description:
        "Each class, language and source (school or individual) with its students by payment. With from/to: the students registered in those days.",
    },
    named(participation, "Participation"),
    participationOf,
    "replica",
  );
  analytics(
    "analytics.view",
    "/api/admin/dashboard/student-register-vs-payment-collection",
    {
      summary: "Registrations and payments day by day",
      description: `Students registered and paid orders (with the money per currency) on each day from \`from\` to \`to\`; by default the last 30 days. At most ${MAX_SERIES_DAYS} days.`,
    },
    named(registrationsVsCollections, "RegistrationsVsCollections"),
    seriesOf,
    "primary",
  );
  analytics(
    "analytics.view",
    "/api/admin/dashboard/school-analytics",
    {
      summary: "Schools by type and board",
      description:
        "Schools by type (category) and board: how many are active, verified, and have a paid student, and their students. With from/to: the schools registered in those days.",
    },
    named(schoolAnalytics, "SchoolAnalytics"),
    schoolAnalyticsOf,
    "replica",
  );
  analytics(
    "analytics.view",
    "/api/admin/dashboard/study-material-analytics",
    {
      summary: "Study materials bought",
      description: "Each study material with the buyers and money of its paid orders (from/to: paid in those days).",
    },
    named(studyMaterialAnalytics, "StudyMaterialAnalytics"),
    studyMaterialAnalyticsOf,
    "primary",
  );
  analytics(
    "statistics.region",
    "/api/admin/dashboard/statistics-summary",
    {
      summary: "Each state (or district) by class and payment",
      description:
        "The Statistics page: each state of the caller's region (each district, for a prant or district coordinator) with its students by payment and by class.",
    },
    named(statisticsSummary, "StatisticsSummary"),
    statisticsSummaryOf,
    "replica",
  );

  app.openapi(
    apiRoute("analytics.view", {
      method: "post",
      path: "/api/admin/dashboard/coordinator-count-analytics",
      tags: ["Analytics"],
      summary: "Coordinators by level",
      description: "The coordinators the caller oversees (admins: all of them), by level, signing in or switched off.",
      responses: { 200: json(envelope(named(coordinatorCounts, "CoordinatorCounts")), "One row per level") },
    }),
    async (c) => ok(c, await coordinatorCountsOf(reportDb(c), signedIn(c))),
  );
}
