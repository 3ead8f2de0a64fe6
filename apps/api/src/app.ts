import { OpenAPIHono } from "@hono/zod-openapi";
import { REQUEST_ID_HEADER, REQUEST_ID_MAX_LENGTH } from "@repo/contracts/request-id";
import { isDatabaseUnavailable } from "@repo/db";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import type { AppEnv, Services } from "./context";
import { registerAuthRoutes } from "./domains/accounts/auth.routes";
import { registerCoordinatorRoutes } from "./domains/accounts/coordinators.routes";
import { registerHandoffRoutes } from "./domains/accounts/handoff.routes";
import { registerOtpRoutes } from "./domains/accounts/otp.routes";
import { registerPasswordResetRoutes } from "./domains/accounts/password-reset.routes";
import { registerPasswordRoutes } from "./domains/accounts/passwords.routes";
import { registerProfileRoutes } from "./domains/accounts/profile.routes";
import { registerContentFileRoutes } from "./domains/content/content-files.routes";
import { registerContentTextRoutes } from "./domains/content/content-texts.routes";
import { registerNotificationRoutes } from "./domains/content/notifications.routes";
import { registerStaticPageRoutes } from "./domains/content/static-pages.routes";
import { registerRegionListRoutes } from "./domains/dashboards/region-lists.routes";
import { registerSchoolDashboardRoutes } from "./domains/dashboards/school-dashboard.routes";
import { registerGeographyRoutes } from "./domains/geography/geography.routes";
import { registerMasterInstituteRoutes } from "./domains/institutes/master-institutes.routes";
import { registerSifRoutes } from "./domains/institutes/sif.routes";
import { registerMailRoutes } from "./domains/mail/mail.routes";
import { registerPaperMasterRoutes } from "./domains/papers/masters.routes";
import { registerPaperSetRoutes } from "./domains/papers/paper-sets.routes";
import { registerQuestionRoutes } from "./domains/papers/questions.routes";
import { registerPaperReportRoutes } from "./domains/papers/reports.routes";
import { registerExamScheduleRoutes } from "./domains/papers/schedule.routes";
import { registerTranslationRoutes } from "./domains/papers/translations.routes";
import { registerPaySupportRoutes } from "./domains/payments/pay-support.routes";
import { registerPaymentHistoryRoutes } from "./domains/payments/payment-history.routes";
import { registerPaymentRoutes } from "./domains/payments/payments.routes";
import { registerRaisedRequestRoutes } from "./domains/payments/raised-requests.routes";
import { registerReferralRoutes } from "./domains/referrals/referrals.routes";
import { registerCertificateRoutes } from "./domains/results/certificates.routes";
import { registerResultListRoutes } from "./domains/results/result-lists.routes";
import { registerResultWinnerRoutes } from "./domains/results/result-winners.routes";
import { registerResultRoutes } from "./domains/results/results.routes";
import { registerContactRoutes } from "./domains/schools/contact.routes";
import { registerSchoolAccountRoutes } from "./domains/schools/school-account.routes";
import { registerSchoolPrintoutRoutes } from "./domains/schools/school-printouts.routes";
import { registerSchoolRoutes } from "./domains/schools/schools.routes";
import { registerSmsRoutes } from "./domains/sms/sms.routes";
import { registerStudentAreaRoutes } from "./domains/student-area/student-area.routes";
import { registerBulkStudentImportRoutes } from "./domains/students/bulk-student-import.routes";
import { registerStudentAccountRoutes } from "./domains/students/student-accounts.routes";
import { registerStudentImportRoutes } from "./domains/students/student-import.routes";
import { registerStudentRoutes } from "./domains/students/students.routes";
import { EXPORT_KINDS } from "./export-registry";
import { authenticate } from "./kernel/auth/middleware";
import { registerExportRoutes } from "./kernel/exports/exports.routes";
import { clientIp } from "./kernel/http/client-ip";
import { registerDocs } from "./kernel/http/docs.routes";
import { fail } from "./kernel/http/envelope";
import { ApiError, databaseUnavailable } from "./kernel/http/errors";
import { registerHealth } from "./kernel/http/health.routes";
import { registerMetrics, routeLabel } from "./kernel/http/metrics";
import { securityHeaders } from "./kernel/http/security-headers";
import { fieldErrors } from "./kernel/http/validation";
import { registerJobRoutes } from "./kernel/jobs/jobs.routes";
import { noteWrites } from "./kernel/read-replica";
import type { Logger } from "./logger";

export interface CreateAppOptions {
  services: Services;
  logger: Logger;
  version: string;
}

export const OPENAPI_INFO = {
  openapi: "3.0.3",
  info: {
    title: "Exam Portal API",
    version: "1.0.0",
    description:
      "The one API behind the school, coordinator, papersetter and outbox apps. Every JSON response is `{ status, message, data }`; errors use real HTTP codes with `status: false`. Sign in with POST /api/login and send the token as `Authorization: Bearer <token>`.",
    license: { name: "Proprietary", url: "https://example.org/license" },
  },
  servers: [{ url: "/" }],
};

/** Builds the HTTP application. No sockets and no process hooks: server.ts owns those. */
export function createApp({ services, logger, version }: CreateAppOptions) {
  const app = new OpenAPIHono<AppEnv>({
    // Validation failures answer 400 with one message per field, in the common envelope.
    defaultHook: (result, c) => {
      if (result.success) return;
      const errors = fieldErrors(result.error.issues);
      return fail(c, 400, errors.map((e) => `${e.field}: ${e.message}`).join("; "), errors);
    },
  });

  // An app's server sends its own request id, so one id follows a page through the app and the
  // API logs; anything but a short [A-Za-z0-9_=-] id is replaced by a fresh one.
  app.use(requestId({ headerName: REQUEST_ID_HEADER, limitLength: REQUEST_ID_MAX_LENGTH }));
  app.use(async (c, next) => {
    const log = logger.child({ req_id: c.var.requestId });
    c.set("log", log);
    c.set("services", services);
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = routeLabel(c);
    services.metrics.observeRequest({ method: c.req.method, route, status: c.res.status, seconds });
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        route,
        status: c.res.status,
        duration_ms: Math.round(seconds * 10_000) / 10,
      },
      "request",
    );
  });
  app.use(securityHeaders({ hsts: services.config.hsts }));
  app.use("/api/*", clientIp);
  app.use("/api/*", authenticate);
  app.use("/api/*", noteWrites);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "The token from POST /api/login or POST /api/handoff/redeem",
  });

  registerHealth(app, version);
  registerMetrics(app, { metrics: services.metrics, token: services.config.metricsToken });
  registerAuthRoutes(app);
  registerProfileRoutes(app);
  registerOtpRoutes(app);
  registerPasswordResetRoutes(app);
  registerHandoffRoutes(app);
  registerGeographyRoutes(app);
  registerContentTextRoutes(app);
  registerSchoolRoutes(app);
  registerSifRoutes(app);
  registerSchoolAccountRoutes(app);
  registerSchoolDashboardRoutes(app);
  registerStudentRoutes(app);
  registerStudentImportRoutes(app);
  registerBulkStudentImportRoutes(app);
  registerMasterInstituteRoutes(app);
  registerExportRoutes(app, EXPORT_KINDS);
  registerCoordinatorRoutes(app);
  registerPaperMasterRoutes(app);
  registerPaperReportRoutes(app);
  registerQuestionRoutes(app);
  registerTranslationRoutes(app);
  registerPaperSetRoutes(app);
  registerExamScheduleRoutes(app);
  registerRegionListRoutes(app);
  registerResultListRoutes(app);
  registerPasswordRoutes(app);
  registerMailRoutes(app);
  registerSmsRoutes(app);
  registerStaticPageRoutes(app);
  registerNotificationRoutes(app);
  registerContactRoutes(app);
  registerJobRoutes(app);
  registerContentFileRoutes(app);
  registerReferralRoutes(app);
  registerPaymentHistoryRoutes(app);
  registerStudentAccountRoutes(app);
  registerPaymentRoutes(app);
  registerPaySupportRoutes(app);
  registerRaisedRequestRoutes(app);
  registerResultRoutes(app);
  registerCertificateRoutes(app);
  registerSchoolPrintoutRoutes(app);
  registerResultWinnerRoutes(app);
  registerStudentAreaRoutes(app);

  app.doc("/api/openapi.json", OPENAPI_INFO);
  registerDocs(app);

  app.notFound((c) => fail(c, 404, `No such endpoint: ${c.req.method} ${c.req.path}`));
  app.onError((caught, c) => {
    // Refused before its body was read (401 on an upload, 413): close the connection instead of
    // reading the rest of the upload only to throw it away.
    if (c.req.raw.body && !c.req.raw.bodyUsed) c.header("Connection", "close");
    // A database that is down or restarting is worth a retry, not a 500: 503 with Retry-After.
    const unavailable = !(caught instanceof ApiError) && isDatabaseUnavailable(caught);
    if (unavailable) (c.var.log ?? logger).warn({ err: caught }, "database unavailable");
    const error = unavailable ? databaseUnavailable() : caught;
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
      return fail(c, error.status, error.message, error.errors);
    }
    if (error instanceof HTTPException) {
      // Hono's own errors (e.g. a malformed JSON body) carry safe messages.
      return fail(
        c,
        error.status,
        error.status === 400 ? "The request body is not valid JSON" : error.message || "Request failed",
      );
    }
    // The cause goes to the log, with the request id; the caller gets a plain sentence.
    (c.var.log ?? logger).error({ err: error }, "unhandled error");
    return fail(c, 500, "Something went wrong on our side. Please try again.");
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
