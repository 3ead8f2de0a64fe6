import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { envelope } from "@repo/contracts/envelope";
import { EXAM_LEVEL_CODES } from "@repo/contracts/papers-constants";
import { studentResult } from "@repo/contracts/result-winners";
import { studentArea, studentResultSummary } from "@repo/contracts/student-area";
import {
  ADMIT_CARD_LEVELS,
  type AdmitCardLevel,
  REPORTING_MINUTES,
  STUDENT_AREA_PATHS,
} from "@repo/contracts/student-area-constants";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named } from "../../kernel/http/schemas";
import { admitCardPdf } from "./admit-card";
import { ownCertificate, ownExplainedResult, studentAreaOf, studentResults } from "./area";

const tags = ["Student area"];
const binary = z.string().openapi({ format: "binary" });
const pdf = (description: string) => ({ description, content: { "application/pdf": { schema: binary } } });
const SELF =
  "The signed-in student's own, found from its session: no request names a student, so a student reads itself and nobody else.";

/** `/api/student/results/{level}/…`: mock, level1 or level2. */
const levelParam = z.object({
  level: z
    .enum(EXAM_LEVEL_CODES, { error: "level must be mock, level1 or level2" })
    .openapi({ param: { name: "level", in: "path", required: true }, example: "level1" }),
});
/** `/api/student/admit-card/{level}`, `/api/student/certificate/{level}`: level1 or level2. */
const rankedLevelParam = z.object({
  level: z
    .enum(ADMIT_CARD_LEVELS as unknown as [AdmitCardLevel, ...AdmitCardLevel[]], {
      error: "level must be level1 or level2 (a mock has no admit card or certificate)",
    })
    .openapi({ param: { name: "level", in: "path", required: true }, example: "level1" }),
});

/** The signed-in student as the service needs it (never an id from the request). */
const viewerOf = (c: { var: AppEnv["Variables"] }) => {
  const auth = signedIn(c);
  return { userId: auth.userId, isGcc: auth.subject.isGcc };
};

/** The student area (issue 16): role 1 reads its own registration, exams, results and certificates. */
export function registerStudentAreaRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("student.area", {
      method: "get",
      path: STUDENT_AREA_PATHS.me,
      tags,
      summary: "The student's card, payment, year as steps, exams and the dates ahead",
      description: `The card (name, school, class, language, roll number once paid); the payment (its receipt when the student paid itself); Level 1's steps (registered, paid, admit card, exam, result, certificate), each done, current, waiting or upcoming, and the next one; the mock, Level 1 and (once Level 1 selects the student for the state camp) Level 2 with their dates for the student's class, admit cards and results; the published important dates still ahead. ${SELF}`,
      responses: {
        200: json(envelope(named(studentArea, "StudentArea")).openapi("StudentAreaResponse"), "The student area"),
        404: errorResponse("The account has no student registration"),
      },
    }),
    async (c) => ok(c, await studentAreaOf(c.var.services.database.db, viewerOf(c))),
  );

  app.openapi(
    apiRoute("student.area", {
      method: "get",
      path: STUDENT_AREA_PATHS.results,
      tags,
      summary: "The student's results at a glance, one per level it has sat",
      description: `Marks, right/wrong/blank, the ranks in the class (Level 1 and 2, once ranked), the awards and whether a certificate can be downloaded. ${SELF}`,
      responses: {
        200: json(
          envelope(z.array(named(studentResultSummary, "StudentResultSummary"))).openapi("StudentResultsResponse"),
          "The results, in the year's order (mock, Level 1, Level 2)",
        ),
        404: errorResponse("The account has no student registration"),
      },
    }),
    async (c) => ok(c, await studentResults(c.var.services.database.db, viewerOf(c))),
  );

  app.openapi(
    apiRoute("student.area", {
      method: "get",
      path: STUDENT_AREA_PATHS.explained,
      tags,
      summary: "The student's score of a level explained, question by question",
      description: `What the sheet marked against the paper's frozen key, each question's outcome and marks, each section's marks and whether it counted, the ranks and the awards. ${SELF}`,
      request: { params: levelParam },
      responses: {
        200: json(envelope(named(studentResult, "StudentResult")), "The explained score"),
        404: errorResponse("No result of this level yet"),
      },
    }),
    async (c) => ok(c, await ownExplainedResult(c.var.services.database.db, viewerOf(c), c.req.valid("param").level)),
  );

  app.openapi(
    apiRoute("student.area", {
      method: "get",
      path: STUDENT_AREA_PATHS.certificate,
      tags,
      summary: "The student's certificate of Level 1 or 2 (PDF)",
      description: `A merit certificate naming the highest award, or a participation certificate, as the results' certificates print it. ${SELF}`,
      request: { params: rankedLevelParam },
      responses: { 200: pdf("The certificate"), 404: errorResponse("No result of this level yet") },
    }),
    async (c) => {
      const file = await ownCertificate(c.var.services, viewerOf(c), c.req.valid("param").level);
      return fileResponse(c, { ...file, mime: "application/pdf", inline: false });
    },
  );

  app.openapi(
    apiRoute("student.area", {
      method: "get",
      path: STUDENT_AREA_PATHS.admitCard,
      tags,
      summary: "The student's admit card of Level 1 or 2 (PDF)",
      description: `One A4 page: roll number, name as written, photo (the profile photo, else a box to paste one in), class, exam language, the centre (the student's school), the date and time in India time, when to be there (${REPORTING_MINUTES} minutes before) and the rules. Once the fee is paid and the student's class has the level scheduled; Level 2 once the student's Level 1 result selects it for the state camp. ${SELF}`,
      request: { params: rankedLevelParam },
      responses: {
        200: pdf("The admit card"),
        404: errorResponse("The account has no student registration"),
        409: errorResponse("Not paid yet, the level has no date for the class yet, or (Level 2) not selected"),
      },
    }),
    async (c) => {
      const file = await admitCardPdf(c.var.services, viewerOf(c), c.req.valid("param").level);
      return fileResponse(c, { ...file, mime: "application/pdf", inline: false });
    },
  );
}
