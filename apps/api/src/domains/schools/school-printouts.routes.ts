import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import { COUNTED, countOf } from "@repo/contracts/plural";
import {
  admitCardsQuery,
  admitCardsSummary,
  signInSlipsBody,
  signInSlipsPreview,
  signInSlipsQuery,
} from "@repo/contracts/school-printouts";
import {
  ADMIT_CARDS_BULK_JOB,
  ADMIT_CARDS_LIMITS,
  SCHOOL_PRINTOUT_PATHS,
  SLIP_LIMITS,
  studentCount,
} from "@repo/contracts/school-printouts-constants";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { idParam, json, named, pathId } from "../../kernel/http/schemas";
import { wakeJobRunners } from "../../kernel/jobs/jobs";
import { admitCardsFile, startAdmitCards, admitCardsSummary as summarise } from "./printouts/admit-cards";
import { classSignInSlips, signInSlipsPreview as preview, studentSignInSlip } from "./printouts/sign-in-slips";

const tags = ["Students: printouts"];
const binary = z.string().openapi({ format: "binary" });
const pdf = (description: string) => ({ description, content: { "application/pdf": { schema: binary } } });
const viewerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, roleId: auth.roleId };
};
const WHO =
  "A school or institute prints for its own students; a master institute for one of its schools (school_id, required for it). Another school's school_id is 404.";

/** A school's printouts for students without e-mail (issue 35 item 1, decision 050). */
export function registerSchoolPrintoutRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("students.admitCards", {
      method: "get",
      path: SCHOOL_PRINTOUT_PATHS.admitCards,
      tags,
      summary: "How many admit cards a run would print, and who is left out and why",
      description: `The paid students of the school (one class, or all) whose admit card of the level can be had, by the student area's own rule; the others counted by reason (not paid, payment not finished, no date for the class, not selected for Level 2). ${WHO}`,
      request: { query: admitCardsQuery },
      responses: {
        200: json(
          envelope(named(admitCardsSummary, "AdmitCardsSummary")).openapi("AdmitCardsSummaryResponse"),
          "The run",
        ),
        404: errorResponse("Not one of the caller's schools"),
        422: errorResponse("A master institute named no school"),
      },
    }),
    async (c) => ok(c, await summarise(c.var.services.database.db, viewerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("students.admitCards", {
      method: "post",
      path: SCHOOL_PRINTOUT_PATHS.admitCards,
      tags,
      summary: "Print the school's admit cards into one PDF (job)",
      description: `Queues a job (${ADMIT_CARDS_BULK_JOB}) printing the admit card of every paid student of the school (one class, or all) who can have one, a page per card, each the document the student downloads, in class and roll-number order. At most ${ADMIT_CARDS_LIMITS.maxPerJob.toLocaleString("en-IN")} cards per job. Answers 202 with the job's id: follow it at GET /api/jobs/{id}, then download ${SCHOOL_PRINTOUT_PATHS.admitCardsFile}. ${WHO}`,
      request: { body: { content: { "application/json": { schema: admitCardsQuery } }, required: true } },
      responses: {
        202: json(envelope(jobStarted).openapi("AdmitCardsStartedResponse"), "The job was queued"),
        404: errorResponse("Not one of the caller's schools"),
        422: errorResponse("No card to print (and why), or too many for one job"),
      },
    }),
    async (c) => {
      const query = c.req.valid("json");
      const { jobId, summary } = await startAdmitCards(c.var.services.database.db, viewerOf(c), query);
      wakeJobRunners();
      const left = summary.left_out.reduce((sum, l) => sum + l.students, 0);
      return c.json(
        {
          status: true,
          message: `Printing ${countOf(summary.cards, COUNTED.admitCard)}${left ? ` (${studentCount(left)} left out)` : ""}`,
          data: { job_id: jobId },
        },
        202,
      );
    },
  );

  app.openapi(
    apiRoute("students.admitCards", {
      method: "get",
      path: SCHOOL_PRINTOUT_PATHS.admitCardsFile,
      tags,
      summary: "Download a finished admit-cards run",
      description: `The PDF an admit-cards job made, for the user who started it only (anyone else: 404). 409 while it runs; 410 once removed, ${ADMIT_CARDS_LIMITS.fileDays} days after it was made.`,
      request: { params: z.object({ job_id: pathId("job_id") }) },
      responses: {
        200: pdf("The admit cards"),
        404: errorResponse("No such admit-cards job of yours"),
        409: errorResponse("The job has not finished"),
        410: errorResponse("The file was removed; print the cards again"),
      },
    }),
    async (c) => fileResponse(c, await admitCardsFile(c.var.services, viewerOf(c), c.req.valid("param").job_id)),
  );

  app.openapi(
    apiRoute("students.signInSlips", {
      method: "get",
      path: SCHOOL_PRINTOUT_PATHS.slips,
      tags,
      summary: "How many students of a class never signed in, and how many did",
      description: `Changes nothing: what a class run of sign-in slips would reach. ${WHO}`,
      request: { query: signInSlipsQuery },
      responses: {
        200: json(
          envelope(named(signInSlipsPreview, "SignInSlipsPreview")).openapi("SignInSlipsPreviewResponse"),
          "The class",
        ),
        404: errorResponse("Not one of the caller's schools"),
      },
    }),
    async (c) => ok(c, await preview(c.var.services.database.db, viewerOf(c), c.req.valid("query"))),
  );

  app.openapi(
    apiRoute("students.signInSlips", {
      method: "post",
      path: SCHOOL_PRINTOUT_PATHS.slips,
      tags,
      summary: "Give a class one-time passwords and print their sign-in slips (PDF)",
      description: `Each student reached gets a new password that works until it chooses its own at its first sign-in; its sessions end; each is in the activity log. audience never_signed_in (the default) reaches only students who never signed in; all reaches everyone and needs confirm: true, as it replaces passwords students chose. ${SLIP_LIMITS.perPage} slips per A4 page with cut lines, at most ${SLIP_LIMITS.maxPerRun} per run. ${WHO}`,
      request: { body: { content: { "application/json": { schema: signInSlipsBody } }, required: true } },
      responses: {
        200: pdf("The slips"),
        404: errorResponse("Not one of the caller's schools"),
        422: errorResponse("No student to reach, or too many for one run"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { bytes, fileName } = await classSignInSlips(c.var.services, viewerOf(c), actorOf(c), body);
      return fileResponse(c, { bytes, fileName, mime: "application/pdf" });
    },
  );

  app.openapi(
    apiRoute("students.signInSlips", {
      method: "post",
      path: SCHOOL_PRINTOUT_PATHS.studentSlip,
      tags,
      summary: "Give one student a one-time password and print its sign-in slip (PDF)",
      description: `The student must choose its own password at its next sign-in; its sessions end; logged. A student that is not the caller's is 404. ${WHO}`,
      request: { params: idParam },
      responses: { 200: pdf("The slip"), 404: errorResponse("Not one of the caller's students") },
    }),
    async (c) => {
      const { bytes, fileName } = await studentSignInSlip(
        c.var.services,
        viewerOf(c),
        actorOf(c),
        c.req.valid("param").id,
      );
      return fileResponse(c, { bytes, fileName, mime: "application/pdf" });
    },
  );
}
