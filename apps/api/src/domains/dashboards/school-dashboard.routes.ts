import type { OpenAPIHono } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { assignedCoordinator, schoolDashboard, schoolStatistics } from "@repo/contracts/school-dashboard";
import { z } from "zod";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import {
  assignedCoordinators,
  schoolDashboard as dashboardOf,
  schoolStatistics as statisticsOf,
} from "./school-dashboard";

const tags = ["School dashboard"];
const coordinator = named(assignedCoordinator, "AssignedCoordinator");
const notFound = errorResponse("The account has no school (or master institute) behind it");

const viewerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};

export function registerSchoolDashboardRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("school.dashboard", {
      method: "get",
      path: "/api/schools/dashboard",
      tags,
      summary: "The school's dashboard: students, amount due, exam year, activity and coordinators",
      description:
        "A school or institute sees its own school; a master institute its schools together. Counts are of the open exam year; the amount due is the unpaid students times the Level 1 fee of each school's country (null where no fee is set). Recent activity is the last 10 changes about the school, its students or by its users.",
      responses: {
        200: json(
          envelope(named(schoolDashboard, "SchoolDashboard")).openapi("SchoolDashboardResponse"),
          "The dashboard",
        ),
        404: notFound,
      },
    }),
    async (c) => ok(c, await dashboardOf(c.var.services.database.db, viewerOf(c))),
  );

  app.openapi(
    apiRoute("statistics.view", {
      method: "get",
      path: "/api/schools/statistics",
      tags,
      summary: "The school's students this exam year by class, language, gender and payment",
      responses: {
        200: json(
          envelope(named(schoolStatistics, "SchoolStatistics")).openapi("SchoolStatisticsResponse"),
          "The counts",
        ),
        404: notFound,
      },
    }),
    async (c) => ok(c, await statisticsOf(c.var.services.database.db, viewerOf(c))),
  );

  app.openapi(
    apiRoute("school.coordinators", {
      method: "get",
      path: "/api/school/coordinators/assigned",
      tags,
      summary: "The coordinators whose region holds the school",
      description:
        "Active zonal, state, prant and district coordinators assigned to the school's zone, state, prant or district (for a master institute: any of its schools', each coordinator once).",
      responses: {
        200: json(
          envelope(named(z.array(coordinator), "AssignedCoordinators")).openapi("AssignedCoordinatorsResponse"),
          "The coordinators, widest region first",
        ),
        404: notFound,
      },
    }),
    async (c) => ok(c, await assignedCoordinators(c.var.services.database.db, viewerOf(c))),
  );
}
