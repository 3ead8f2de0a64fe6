import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { examScheduleBody, examScheduleItem } from "@repo/contracts/papers";
import type { AppEnv } from "../../context";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { body, tags, viewerOf } from "./route-helpers";
import { listExamSchedule, storeExamSchedule } from "./schedule";

/** The exam schedule. */
export function registerExamScheduleRoutes(app: OpenAPIHono<AppEnv>) {
  // ---------------------------------------------------------------------------- exam schedule
  const scheduleList = json(
    envelope(z.array(named(examScheduleItem, "ExamScheduleItem"))).openapi("ExamScheduleList"),
    "The open exam year's schedule",
  );
  app.openapi(
    apiRoute("examSchedule.view", {
      method: "get",
      path: "/api/exam-schedule",
      tags,
      summary: "When each exam is sat, per class",
      responses: { 200: scheduleList },
    }),
    async (c) => ok(c, await listExamSchedule(c.var.services.database.db)),
  );

  app.openapi(
    apiRoute("exams.schedule", {
      method: "post",
      path: "/api/store-exam-schedule",
      tags,
      summary: "Set an exam's date, time and duration for a class",
      description: "A time without an offset is India's (IST).",
      request: body(examScheduleBody, "ExamScheduleBody"),
      responses: {
        200: scheduleList,
        409: errorResponse("No exam year is open"),
        422: errorResponse("Not a real date"),
      },
    }),
    async (c) => {
      const { db, viewer } = await viewerOf(c);
      return ok(c, await storeExamSchedule(db, viewer, c.req.valid("json")), "The exam schedule is saved.");
    },
  );
}
