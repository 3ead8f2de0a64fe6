import { DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { LOGIN_FAILURES_PER_CLIENT } from "@repo/contracts/auth";
import { BULK_STUDENT_IMPORT_JOB } from "@repo/contracts/bulk-student-import-constants";
import { CERTIFICATE_BULK_JOB } from "@repo/contracts/certificates-constants";
import { PROGRAMME_ADMIN_EMAIL } from "@repo/contracts/content-notices-constants";
import { MAIL_DEFAULT_MAX_ATTEMPTS, MAIL_DEFAULT_RATE_PER_MINUTE } from "@repo/contracts/mail-constants";
import { SCHOOL_IMPORT_JOB } from "@repo/contracts/master-institutes-constants";
import { RESULT_JOBS } from "@repo/contracts/results-constants";
import { ADMIT_CARDS_BULK_JOB } from "@repo/contracts/school-printouts-constants";
import { SIF_IMPORT_JOB } from "@repo/contracts/sif-constants";
import { SMS_DEFAULT_MAX_ATTEMPTS, SMS_SEND_JOB } from "@repo/contracts/sms-constants";
import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import type { Database } from "@repo/db";
import { noReadReplica, type ReadReplica } from "@repo/db/read-replica";
import { type FileStorage, localDiskStorage } from "@repo/storage";
import type { ApiConfig, MailConfig, Services } from "./context";
import { schoolImportJob } from "./domains/institutes/school-import";
import { sifImportJob } from "./domains/institutes/sif-import";
import { createMailWorker, MAIL_CAMPAIGN_JOB, runCampaignJob } from "./domains/mail/index";
import { ORDER_SIGN_INS_JOB, orderSignInsJob, startPaidOrderFollowUp } from "./domains/payments/after-paid";
import { DEMO_GATEWAY_DEFAULT_SECRET, demoGateway, razorpayGateway } from "./domains/payments/gateway";
import { RECONCILE_EVERY_MS, RECONCILE_JOB, reconcileJob } from "./domains/payments/reconcile";
import { bulkCertificatesJob } from "./domains/results/certificates";
import { answerCheckJob, answerStoreJob } from "./domains/results/uploads";
import { admitCardsJob } from "./domains/schools/printouts/admit-cards";
import type { SmsGatewayConfig } from "./domains/sms/index";
import {
  createSmsService,
  FAKE_SMS_AUTH_KEY,
  FAKE_SMS_SENDER_ID,
  FAKE_SMS_TEMPLATES,
  queueUnsentSms,
  smsSendJob,
} from "./domains/sms/index";
import { bulkStudentImportJob } from "./domains/students/bulk-student-import";
import { studentImportJob } from "./domains/students/student-import";
import { HOUSEKEEPING_EVERY_MS, HOUSEKEEPING_JOB, housekeepingJob } from "./housekeeping";
import { createMetrics } from "./kernel/http/metrics";
import {
  allJobHandlers,
  enqueueUnlessOpen,
  type JobHandlers,
  type JobLanes,
  startJobRunners,
} from "./kernel/jobs/jobs";
import { createPdfRenderer, DEFAULT_PDF_CONFIG } from "./kernel/pdf";
import type { Logger } from "./logger";

export const DEFAULT_CONFIG: ApiConfig = {
  sessionIdleHours: 12,
  trustedProxies: ["127.0.0.1", "::1"],
  loginLimitPerClient: LOGIN_FAILURES_PER_CLIENT.max,
  companyLogoUrl: null,
  schoolOrigin: `http://localhost:${DEFAULT_APP_PORTS.school}`,
  otherAppOrigins: {
    coordinator: `http://localhost:${DEFAULT_APP_PORTS.coordinator}`,
    papersetter: `http://localhost:${DEFAULT_APP_PORTS.papersetter}`,
    outbox: `http://localhost:${DEFAULT_APP_PORTS.outbox}`,
  },
  hsts: false,
  contactAdminEmail: PROGRAMME_ADMIN_EMAIL,
  mail: {
    smtpUrl: null,
    from: "Exam Portal <no-reply@localhost>",
    ratePerMinute: MAIL_DEFAULT_RATE_PER_MINUTE,
    maxAttempts: MAIL_DEFAULT_MAX_ATTEMPTS,
    retryBaseSeconds: 60,
  },
  // No gateway: texts stay queued (tests that send point `url` at the fake gateway).
  sms: {
    provider: "fake",
    url: null,
    authKey: FAKE_SMS_AUTH_KEY,
    senderId: FAKE_SMS_SENDER_ID,
    templates: FAKE_SMS_TEMPLATES,
    maxAttempts: SMS_DEFAULT_MAX_ATTEMPTS,
    retryBaseSeconds: 30,
  },
  chromiumPath: DEFAULT_PDF_CONFIG.chromiumPath,
  metricsToken: null,
  // The demo gateway signs its own webhooks; its secret only has to match itself.
  payments: { provider: "demo", demoSecret: DEMO_GATEWAY_DEFAULT_SECRET, razorpay: null },
  invoiceIssuer: {
    name: "Science Exam Programme Office",
    address: ["Programme Office", "New Delhi 110001"],
    email: PROGRAMME_ADMIN_EMAIL,
    taxId: null,
  },
};

/** Configuration as callers give it: any part of it, the mail and SMS parts field by field. */
export type ServicesConfig = Partial<Omit<ApiConfig, "mail" | "sms">> & {
  mail?: Partial<MailConfig>;
  sms?: Partial<SmsGatewayConfig>;
};

/** The API's collaborators with their default implementations (SMS to the outbox table, files on disk). */
export function createServices(
  database: Database,
  options: { uploadDir: string; storage?: FileStorage; readReplica?: ReadReplica; config?: ServicesConfig },
): Services {
  const config: ApiConfig = {
    ...DEFAULT_CONFIG,
    ...options.config,
    mail: { ...DEFAULT_CONFIG.mail, ...options.config?.mail },
    sms: { ...DEFAULT_CONFIG.sms, ...options.config?.sms },
  };
  const readReplica = options.readReplica ?? noReadReplica(database);
  return {
    database,
    // Reports read the primary unless the caller opened a replica (DATABASE_READ_URL, decision 067).
    readReplica,
    sms: createSmsService(database, config.sms),
    // Local disk unless the caller gives a store (the server: STORAGE_URL, decision 065).
    storage: options.storage ?? localDiskStorage(options.uploadDir),
    pdf: createPdfRenderer({ chromiumPath: config.chromiumPath }),
    metrics: createMetrics(database, readReplica),
    gateway:
      config.payments.provider === "razorpay" && config.payments.razorpay
        ? razorpayGateway(config.payments.razorpay)
        : demoGateway(config.payments.demoSecret),
    config,
  };
}

/**
 * Every kind of job the API runs, by its lane (decision 071; handlers must be idempotent: see
 * kernel/jobs/jobs.ts).
 */
export function jobLanes(services: Services): JobLanes {
  return {
    // Somebody watches these on a progress page, and they are about one school or one file.
    waited: {
      [STUDENT_IMPORT_JOB]: studentImportJob(services),
      [BULK_STUDENT_IMPORT_JOB]: bulkStudentImportJob(services),
      [SIF_IMPORT_JOB]: sifImportJob(services),
      [SCHOOL_IMPORT_JOB]: schoolImportJob(services),
      [CERTIFICATE_BULK_JOB]: bulkCertificatesJob(services),
      [ADMIT_CARDS_BULK_JOB]: admitCardsJob(services),
      [RESULT_JOBS.check]: answerCheckJob(services),
      [RESULT_JOBS.store]: answerStoreJob(services),
    },
    // Nobody waits on a page for these, and they come in thousands (a sign-in job per paid order).
    background: {
      [MAIL_CAMPAIGN_JOB]: runCampaignJob,
      [ORDER_SIGN_INS_JOB]: orderSignInsJob(services),
      [RECONCILE_JOB]: reconcileJob(services),
      [HOUSEKEEPING_JOB]: housekeepingJob(services),
      [SMS_SEND_JOB]: smsSendJob(services),
    },
  };
}

/** Every kind of job the API runs, by its kind, whatever its lane. */
export const jobHandlers = (services: Services): JobHandlers => allJobHandlers(jobLanes(services));

/**
 * Starts the API process's background work: a job runner per lane, the mail delivery worker and the
 * follow-up of paid orders.
 * Resolves to a stop function that lets the work in hand finish (server.ts calls it on shutdown).
 */
export function startBackgroundWork(services: Services, logger: Logger): () => Promise<void> {
  const runner = startJobRunners(services, jobLanes(services), { pollMs: 1000, logger, metrics: services.metrics });
  const mail = createMailWorker(services, { logger });
  mail.start();
  const followUp = startPaidOrderFollowUp(services, logger);
  // Texts that waited for a gateway go now that there is one.
  void queueUnsentSms(services.database.db, services.config.sms).then(
    (queued) => queued > 0 && logger.info({ messages: queued }, "queued text messages that waited for an SMS gateway"),
    (error: unknown) => logger.error({ err: error }, "text messages that waited for a gateway were not queued"),
  );
  const timers = [
    // Pending orders the gateway never answered for are asked about every few minutes.
    every(RECONCILE_EVERY_MS, RECONCILE_JOB),
    // Ended rate-limit windows, sessions, codes and old certificate files are removed hourly.
    every(HOUSEKEEPING_EVERY_MS, HOUSEKEEPING_JOB),
  ];
  function every(ms: number, kind: string) {
    const timer = setInterval(() => {
      void enqueueUnlessOpen(services.database.db, kind).catch((error: unknown) =>
        logger.error({ err: error, kind }, "job not queued"),
      );
    }, ms);
    timer.unref();
    return timer;
  }
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all([runner.stop(), mail.stop(), followUp.stop()]);
  };
}
