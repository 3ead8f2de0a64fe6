import { type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  bulkCertificatesBody,
  certificateQuery,
  certificateVerification,
  ownSchoolResultRow,
  ownSchoolResultsPage,
  ownSchoolResultsQuery,
} from "@repo/contracts/certificates";
import { CERTIFICATE_BULK_JOB, CERTIFICATE_LIMITS } from "@repo/contracts/certificates-constants";
import { envelope } from "@repo/contracts/envelope";
import { jobStarted } from "@repo/contracts/jobs";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { AppEnv } from "../../context";
import { signedIn } from "../../kernel/auth/middleware";
import { fileResponse } from "../../kernel/files";
import { ok } from "../../kernel/http/envelope";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, named, pathId } from "../../kernel/http/schemas";
import { wakeJobRunners } from "../../kernel/jobs/jobs";
import {
  bulkCertificatesFile,
  certificatePdf,
  listSchoolResults,
  startBulkCertificates,
  verifyCertificate,
} from "./certificates";

const tags = ["Results: certificates"];
const binary = z.string().openapi({ format: "binary" });

const studentIdParam = z.object({
  student_id: pathId("student_id"),
});
const codeParam = z.object({
  code: z
    .string()
    .max(64)
    .openapi({ param: { name: "code", in: "path", required: true }, example: "K7M2Q9X4TB3P" }),
});
const jobIdParam = z.object({
  job_id: pathId("job_id"),
});

const WHO =
  "Admins see every student; a coordinator the students of its region; a school or institute its own students; a master institute its schools' students. Anyone else gets 404, as for a student without a stored sheet of the level.";

/** Certificates (issue 15): one student's PDF, bulk runs as jobs, the public check, and a school's Results list. */
export function registerCertificateRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("certificates.download", {
      method: "get",
      path: "/api/certificate/{student_id}",
      tags,
      summary: "A student's certificate of a level (PDF)",
      description: `A merit certificate naming the student's highest award (national camp, state camp, district winner, school topper), or a participation certificate; one A4 landscape page with the name as written, the school, class, level, exam year and a QR code of the public check (the school app's /verify/{code}). Level 1 or Level 2 (a mock has no certificate). ${WHO}`,
      request: { params: studentIdParam, query: certificateQuery },
      responses: {
        200: { description: "The certificate", content: { "application/pdf": { schema: binary } } },
        404: errorResponse("No sheet of this level for a student the caller sees"),
      },
    }),
    async (c) => {
      const { services } = c.var;
      const { bytes, fileName } = await certificatePdf(
        services,
        signedIn(c),
        c.req.valid("param").student_id,
        c.req.valid("query").level,
      );
      return fileResponse(c, { bytes, fileName, mime: "application/pdf" });
    },
  );

  app.openapi(
    apiRoute("public", {
      method: "get",
      path: "/api/certificate/verify/{code}",
      tags,
      summary: "Check a certificate by the code of its QR code",
      description:
        'Public. Only what the certificate itself says: the student\'s name, the school, the level, the exam year and the award (or Participation). No roll number, no marks. `status` is "valid", or "withdrawn" for a certificate whose results were reset or deleted, or whose award changed (decision 060): then `withdrawn_at` and `withdrawn_reason` say when and why, and the other fields what the certificate printed. Storing the same results again makes it valid again. An unknown or altered code is 404.',
      request: { params: codeParam },
      responses: {
        200: json(
          envelope(named(certificateVerification, "CertificateVerification")).openapi(
            "CertificateVerificationResponse",
          ),
          "A valid or a withdrawn certificate",
        ),
        404: errorResponse("No certificate has this code"),
      },
    }),
    async (c) => ok(c, await verifyCertificate(c.var.services.database.db, c.req.valid("param").code)),
  );

  app.openapi(
    apiRoute("certificates.download", {
      method: "post",
      path: "/api/certificates/bulk",
      tags,
      summary: "Make the certificates of a school, district or state (job)",
      description: `Queues a job (${CERTIFICATE_BULK_JOB}) that prints every certificate of the level in this exam year for one school, district or state: \`output\` pdf is one PDF with a page per student (by school, class and roll number), zip one PDF per school. A school account leaves the scope out (its own students; a master institute may name one of its schools). Admins and coordinators name one school, district or state of their region (404 outside it; a prant or district coordinator's state gives its own part of the state). At most ${CERTIFICATE_LIMITS.maxPerJob.toLocaleString("en-IN")} certificates per job. Answers 202 with the job's id: follow it at GET /api/jobs/{id}, then download GET /api/certificates/bulk/{job_id}/file.`,
      request: { body: { content: { "application/json": { schema: bulkCertificatesBody } }, required: true } },
      responses: {
        202: json(envelope(jobStarted).openapi("BulkCertificatesStartedResponse"), "The job was queued"),
        404: errorResponse("The school, district or state is not one the caller oversees"),
        422: errorResponse("No sheets to print, or too many for one job"),
      },
    }),
    async (c) => {
      const body = c.req.valid("json");
      const { jobId, certificates } = await startBulkCertificates(c.var.services.database.db, signedIn(c), body);
      wakeJobRunners();
      return c.json(
        {
          status: true,
          message: `Making ${countOf(certificates, COUNTED.certificate)}`,
          data: { job_id: jobId },
        },
        202,
      );
    },
  );

  app.openapi(
    apiRoute("certificates.download", {
      method: "get",
      path: "/api/certificates/bulk/{job_id}/file",
      tags,
      summary: "Download a finished bulk run's file",
      description: `The PDF or zip a certificates job made, for the user who started it only (anyone else: 404). 409 while the job is still running; 410 once the file was removed, ${CERTIFICATE_LIMITS.bulkFileDays} days after it was made (run the job again).`,
      request: { params: jobIdParam },
      responses: {
        200: {
          description: "The certificates",
          content: { "application/pdf": { schema: binary }, "application/zip": { schema: binary } },
        },
        404: errorResponse("No such certificates job of yours"),
        409: errorResponse("The job has not finished"),
        410: errorResponse("The file was removed after its days; make the certificates again"),
      },
    }),
    async (c) => {
      const file = await bulkCertificatesFile(c.var.services, signedIn(c), c.req.valid("param").job_id);
      return fileResponse(c, file);
    },
  );

  app.openapi(
    apiRoute("results.own", {
      method: "get",
      path: "/api/school/results",
      tags,
      summary: "The school's students with answer sheets, their marks, ranks and awards",
      description:
        "This exam year's sheets of one level (level1 by default, level2 or mock) of the signed-in school's students; a master institute sees its schools' (school_id narrows to one). Each row: roll number, name, class, total marks, the rank in the school and class, the award and the certificate's verification code (none for a mock). Filters: class_level, search (the beginning of a name or roll number). Ordered by school, class and rank.",
      request: { query: ownSchoolResultsQuery },
      responses: {
        200: json(
          envelope(
            ownSchoolResultsPage.extend({ items: z.array(named(ownSchoolResultRow, "OwnSchoolResultRow")) }),
          ).openapi("OwnSchoolResultsPage"),
          "A page of results",
        ),
        404: errorResponse("A school that is not one of the master institute's"),
      },
    }),
    async (c) => ok(c, await listSchoolResults(c.var.services.database.db, signedIn(c), c.req.valid("query"))),
  );
}
