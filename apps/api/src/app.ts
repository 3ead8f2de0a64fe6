import { OpenAPIHono } from "@hono/zod-openapi";
import { REQUEST_ID_HEADER, REQUEST_ID_MAX_LENGTH } from "@repo/contracts/request-id";
import { isDatabaseUnavailable } from "@repo/db";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { authenticate } from "./auth/middleware";
import type { AppEnv, Services } from "./context";
import { clientIp } from "./http/client-ip";
import { fail } from "./http/envelope";
import { ApiError, databaseUnavailable } from "./http/errors";
import { registerMetrics, routeLabel } from "./http/metrics";
import { securityHeaders } from "./http/security-headers";
import { fieldErrors } from "./http/validation";
import type { Logger } from "./logger";
import { registerAuthRoutes } from "./routes/auth";
import { registerBulkStudentImportRoutes } from "./routes/bulk-student-import";
import { registerCertificateRoutes } from "./routes/certificates";
import { registerContactRoutes } from "./routes/contact";
import { registerContentFileRoutes } from "./routes/content-files";
import { registerContentTextRoutes } from "./routes/content-texts";
import { registerCoordinatorRoutes } from "./routes/coordinators";
import { registerDocs } from "./routes/docs";
import { registerExportRoutes } from "./routes/exports";
import { registerGeographyRoutes } from "./routes/geography";
import { registerHandoffRoutes } from "./routes/handoff";
import { registerHealth } from "./routes/health";
import { registerJobRoutes } from "./routes/jobs";
import { registerMailRoutes } from "./routes/mail";
import { registerMasterInstituteRoutes } from "./routes/master-institutes";
import { registerNotificationRoutes } from "./routes/notifications";
import { registerOtpRoutes } from "./routes/otp";
import { registerPaperRoutes } from "./routes/papers";
import { registerPasswordResetRoutes } from "./routes/password-reset";
import { registerPasswordRoutes } from "./routes/passwords";
import { registerPaySupportRoutes } from "./routes/pay-support";
import { registerPaymentHistoryRoutes } from "./routes/payment-history";
import { registerPaymentRoutes } from "./routes/payments";
import { registerProfileRoutes } from "./routes/profile";
import { registerRaisedRequestRoutes } from "./routes/raised-requests";
import { registerReferralRoutes } from "./routes/referrals";
import { registerRegionListRoutes } from "./routes/region-lists";
import { registerResultListRoutes } from "./routes/result-lists";
import { registerResultWinnerRoutes } from "./routes/result-winners";
import { registerResultRoutes } from "./routes/results";
import { registerSchoolAccountRoutes } from "./routes/school-account";
import { registerSchoolDashboardRoutes } from "./routes/school-dashboard";
import { registerSchoolPrintoutRoutes } from "./routes/school-printouts";
import { registerSchoolRoutes } from "./routes/schools";
import { registerSifRoutes } from "./routes/sif";
import { registerSmsRoutes } from "./routes/sms";
import { registerStaticPageRoutes } from "./routes/static-pages";
import { registerStudentAccountRoutes } from "./routes/student-accounts";
import { registerStudentAreaRoutes } from "./routes/student-area";
import { registerStudentImportRoutes } from "./routes/student-import";
import { registerStudentRoutes } from "./routes/students";

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
  registerExportRoutes(app);
  registerCoordinatorRoutes(app);
  registerPaperRoutes(app);
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
