import type { AppId } from "@repo/auth/apps";
import type { Permission, Subject } from "@repo/auth/permissions";
import type { Database } from "@repo/db";
import type { ReadReplica } from "@repo/db/read-replica";
import type { FileStorage } from "@repo/storage";
import type { PaymentGateway, RazorpayConfig } from "./domains/payments/gateway";
import type { SmsGatewayConfig } from "./domains/sms/gateway";
import type { SmsService } from "./domains/sms/service";
import type { Metrics } from "./kernel/http/metrics";
import type { PdfRenderer } from "./kernel/pdf";
import type { Logger } from "./logger";

/** Mail delivery (docs/domain.md, Services every feature shares). */
export interface MailConfig {
  /** smtp:// or smtps:// URL of the SMTP server; null: mail stays queued in the outbox, never lost. */
  smtpUrl: string | null;
  /** The From of every mail ("Exam Portal <no-reply@example.org>"). */
  from: string;
  /** Messages handed to SMTP per minute across every API instance. */
  ratePerMinute: number;
  /** Tries of a message before a temporary failure becomes final. */
  maxAttempts: number;
  /** First retry after this many seconds, then doubling (base × 2^(attempt-1)). */
  retryBaseSeconds: number;
}

export interface ApiConfig {
  /** Idle lifetime of a session; each use extends it. */
  sessionIdleHours: number;
  /** Addresses or CIDR ranges of proxies (the app servers, a load balancer) whose X-Forwarded-For is believed. */
  trustedProxies: readonly string[];
  /** Wrong passwords per client address (all accounts) per LOGIN_FAILURES_PER_CLIENT window. */
  loginLimitPerClient: number;
  /** Logo shown in the shell header (the user record's company_logo), or null for the built-in one. */
  companyLogoUrl: string | null;
  /** The school app's origin, for links in mail (SCHOOL_ORIGIN). */
  schoolOrigin: string;
  /**
   * The other apps' origins (COORDINATOR_ORIGIN, PAPERSETTER_ORIGIN, OUTBOX_ORIGIN), for links in
   * mail that open the app the person asked from (a forgotten password, decision 052).
   */
  otherAppOrigins: Readonly<Record<Exclude<AppId, "school">, string>>;
  /** Strict-Transport-Security on every response: production behind https (docs/decisions/031). */
  hsts: boolean;
  /** Where contact messages go when no coordinator is assigned to the school's region (CONTACT_ADMIN_EMAIL). */
  contactAdminEmail: string;
  mail: MailConfig;
  /** The SMS gateway (SMS_*; docs/decisions/051-sms-gateway.md). */
  sms: SmsGatewayConfig;
  /**
   * Who issues invoices: the programme office's name, postal address and tax id (INVOICE_ISSUER_*),
   * and the GST rate its fees include (INVOICE_TAX_RATE_PERCENT, in basis points).
   */
  invoiceIssuer: {
    name: string;
    address: string[];
    email?: string | null;
    taxId?: string | null;
    taxRateBasisPoints?: number | null;
  };
  /** The payment gateway (PAYMENT_PROVIDER): the demo gateway's signing secret, or Razorpay's keys. */
  payments: {
    provider: "demo" | "razorpay";
    demoSecret: string;
    razorpay: RazorpayConfig | null;
    /** Log a warning at each demo payment: production with the demo gateway (docs/decisions/044). */
    warnEachPayment?: boolean;
  };
  /** The Chromium binary the PDF service drives (CHROMIUM_PATH). */
  chromiumPath: string;
  /** Bearer token for GET /metrics (METRICS_TOKEN); null: only this machine may scrape. */
  metricsToken: string | null;
}

/** What every handler can reach through `c.var.services`. */
export interface Services {
  database: Database;
  /**
   * Where reports may read (DATABASE_READ_URL; the primary itself when unset): taken only through
   * `reportDb` (kernel/read-replica.ts), never for money, sessions or access (decision 067).
   */
  readReplica: ReadReplica;
  /** Text messages: queued, sent through the SMS gateway by jobs, retried (services/sms). */
  sms: SmsService;
  storage: FileStorage;
  /** The payment gateway the configuration names (demo by default). */
  gateway: PaymentGateway;
  /** HTML to PDF (invoices, admit cards, certificates); its browser starts on first use. */
  pdf: PdfRenderer;
  /** Prometheus counters of this process (GET /metrics). */
  metrics: Metrics;
  config: ApiConfig;
}

/** The signed-in caller, set by the authenticate middleware when a valid bearer token came. */
export interface AuthContext {
  userId: number;
  roleId: number;
  sessionId: number;
  signInId: string;
  app: string;
  subject: Subject;
  /** Its password was reset by someone who manages it: only its own profile until it chooses one. */
  mustChangePassword: boolean;
  /** When a request of this session last changed something (with a read replica only; decision 067). */
  wroteAt: Date | null;
  can(permission: Permission): boolean;
}

export interface AppEnv {
  Variables: {
    services: Services;
    /** Logger bound to this request's id. */
    log: Logger;
    requestId: string;
    auth: AuthContext | undefined;
    clientIp: string;
    /** Set when the handler read a report through `reportDb`: the request changed nothing. */
    report: boolean | undefined;
  };
}
