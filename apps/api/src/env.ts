import { DEFAULT_APP_PORTS } from "@repo/auth/apps";
import { isAddressOrRange } from "@repo/auth/proxies";
import { LOGIN_FAILURES_PER_CLIENT } from "@repo/contracts/auth";
import { PROGRAMME_ADMIN_EMAIL } from "@repo/contracts/content-notices-constants";
import { logLevelVar, nodeEnvVar, originVar, portVar } from "@repo/contracts/env";
import { emailAddress } from "@repo/contracts/mail";
import { MAIL_DEFAULT_MAX_ATTEMPTS, MAIL_DEFAULT_RATE_PER_MINUTE } from "@repo/contracts/mail-constants";
import { SMS_DEFAULT_MAX_ATTEMPTS, SMS_KINDS, SMS_TEMPLATE_ENV, type SmsKind } from "@repo/contracts/sms-constants";
import { DEFAULT_DEMO_PASSWORD } from "@repo/db/seed";
import { z } from "zod";
import { DEMO_GATEWAY_DEFAULT_SECRET } from "./domains/payments/gateway";
import { FAKE_SMS_AUTH_KEY, FAKE_SMS_SENDER_ID, FAKE_SMS_TEMPLATES } from "./domains/sms/gateway";
import { checkDatabasePooler, storageEnvFields } from "./env-storage";
import { DEFAULT_PDF_CONFIG } from "./kernel/pdf";

/** A whole number given as text, with a default and a lower bound. */
const wholeNumber = (fallback: number, min: number, unit: string) =>
  z
    .string()
    .default(String(fallback))
    .pipe(
      z.coerce
        .number<string>({ error: `must be a whole number of ${unit}` })
        .int(`must be a whole number of ${unit}`)
        .min(min, `must be at least ${min}`),
    );

/** `office@example.org` or `Exam Portal <office@example.org>`, one line. */
const mailFrom = z
  .string()
  .default("Exam Portal <no-reply@localhost>")
  .refine((value) => !/[\r\n]/.test(value), "must be one line")
  .refine((value) => {
    const address = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
    return emailAddress.safeParse(address).success || /^[^\s@<>]+@localhost$/.test(address.trim());
  }, 'must be an e-mail address, optionally with a name: "Exam Portal <no-reply@example.org>"');

const unsetIfEmpty = (value: unknown) => (value === "" ? undefined : value);

/** SMS_TEMPLATE_*: the DLT template id registered for each kind of text message. */
const smsTemplateId = z.preprocess(
  unsetIfEmpty,
  z.string().trim().min(1, "must be the template id registered for this message").optional(),
);
const smsTemplateFields = Object.fromEntries(
  SMS_KINDS.map((kind) => [SMS_TEMPLATE_ENV[kind], smsTemplateId]),
) as Record<(typeof SMS_TEMPLATE_ENV)[SmsKind], typeof smsTemplateId>;

/** The API's whole configuration. Parsed once at start-up; a bad value stops the process. */
export const apiEnvSchema = z
  .object({
    NODE_ENV: nodeEnvVar,
    API_PORT: portVar(4000),
    API_HOST: z.string().min(1, "must be a host name or address").default("127.0.0.1"),
    ...storageEnvFields,
    /**
     * A streaming replica of DATABASE_URL's server: exports, region lists and dashboards and result
     * lists may read there; money, sessions and access never do (decision 067).
     */
    DATABASE_READ_URL: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL of a replica of DATABASE_URL")
        .optional(),
    ),
    /** Load demo data when the database has no users (on by default outside production). */
    SEED_DEMO: z.enum(["auto", "true", "false"], { error: "must be auto, true or false" }).default("auto"),
    /** The demo users' password; in production with SEED_DEMO=true it must be set (docs/decisions/044). */
    DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
    LOG_LEVEL: logLevelVar,
    /**
     * The payment gateway: Razorpay, whose keys are then required, or the local demo gateway
     * (the default outside production; in production only with UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION).
     */
    PAYMENT_PROVIDER: z.enum(["demo", "razorpay"], { error: "must be demo or razorpay" }).optional(),
    /** The one way to let the demo gateway mark orders paid in production (docs/decisions/044). */
    UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION: z
      .enum(["true", "false"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true"),
    RAZORPAY_KEY_ID: z.string().trim().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().trim().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    RAZORPAY_API_URL: z.string().url("must be a URL like https://api.razorpay.com").default("https://api.razorpay.com"),
    /** The demo gateway's signing secret (it signs and checks its own webhooks); private in production. */
    DEMO_GATEWAY_SECRET: z.string().min(8, "must be at least 8 characters").optional(),
    /** Who issues invoices (printed on each): the programme office's name, address (lines split by "|") and GSTIN. */
    INVOICE_ISSUER_NAME: z.string().trim().min(1, "must be the programme office's name").optional(),
    INVOICE_ISSUER_ADDRESS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split("|")
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    INVOICE_ISSUER_TAX_ID: z.string().trim().min(1).optional(),
    /**
     * The GST rate included in every fee, in percent ("18", "12.5"), with INVOICE_ISSUER_TAX_ID;
     * neither: invoices say they are exempt. Held as basis points (18% = 1800).
     */
    INVOICE_TAX_RATE_PERCENT: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, "must be a percentage like 18 or 12.5 (at most two decimals, under 100)")
      .transform((value) => {
        const [whole = "0", fraction = ""] = value.split(".");
        return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
      })
      .optional(),
    /** The Chromium binary that renders PDFs (invoices, admit cards); Debian's by default. */
    CHROMIUM_PATH: z.string().min(1, "must be the path of a Chromium binary").default(DEFAULT_PDF_CONFIG.chromiumPath),
    /**
     * Comma-separated addresses or CIDR ranges whose X-Forwarded-For is believed (the app
     * servers, a load balancer; deploy/compose.yaml trusts its own network's range).
     */
    TRUSTED_PROXIES: z
      .string()
      .default("127.0.0.1,::1")
      .transform((value) =>
        value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) => entries.every(isAddressOrRange),
        "must be comma-separated addresses or CIDR ranges, like 127.0.0.1,::1,172.30.10.0/24",
      ),
    SESSION_IDLE_HOURS: z
      .string()
      .default("12")
      .pipe(
        z.coerce
          .number<string>()
          .int("must be a whole number of hours")
          .min(1, "must be at least 1")
          .max(720, "must be at most 720"),
      ),
    /** Wrong passwords allowed per client address (all accounts) per 15 minutes; successes never count. */
    LOGIN_LIMIT_PER_CLIENT: wholeNumber(LOGIN_FAILURES_PER_CLIENT.max, 1, "failed sign-ins"),
    COMPANY_LOGO_URL: z.url({ error: "must be an absolute URL" }).optional(),
    /** Where people open the school app: links in mail (verification, student sign-in) point there. */
    SCHOOL_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.school}`),
    /** Where people open the other apps: a forgotten-password link opens the app it was asked from. */
    COORDINATOR_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.coordinator}`),
    PAPERSETTER_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.papersetter}`),
    OUTBOX_ORIGIN: originVar(`http://localhost:${DEFAULT_APP_PORTS.outbox}`),
    /** The programme office's address: contact messages from schools whose region has no coordinator go there. */
    CONTACT_ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).default(PROGRAMME_ADMIN_EMAIL),
    /**
     * SMTP server for outgoing mail, e.g. smtps://user:password@smtp.example.org:465 or
     * smtp://127.0.0.1:2525. Unset: mail stays queued in the outbox (never lost) until it is set.
     */
    SMTP_URL: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .regex(
          /^smtps?:\/\/[^\s]+$/,
          "must be an smtp:// or smtps:// URL, like smtps://user:password@smtp.example.org:465",
        )
        .optional(),
    ),
    /** The From of every mail. */
    MAIL_FROM: mailFrom,
    /** Messages handed to SMTP per minute, across every API instance. */
    MAIL_RATE_PER_MINUTE: wholeNumber(MAIL_DEFAULT_RATE_PER_MINUTE, 1, "messages per minute"),
    /** How many times a message is tried before a temporary failure is final. */
    MAIL_MAX_ATTEMPTS: wholeNumber(MAIL_DEFAULT_MAX_ATTEMPTS, 1, "attempts"),
    /** First retry after this many seconds; each further one waits twice as long. */
    MAIL_RETRY_BASE_SECONDS: wholeNumber(60, 1, "seconds"),
    /**
     * The SMS gateway (docs/decisions/051-sms-gateway.md): msg91 (its Flow API) or the local fake
     * gateway that `npm start` runs (the default outside production; refused in production).
     */
    SMS_PROVIDER: z.enum(["msg91", "fake"], { error: "must be msg91 or fake" }).optional(),
    /** The gateway's origin, e.g. https://control.msg91.com. Unset: texts stay queued in the outbox until it is set. */
    SMS_GATEWAY_URL: z.preprocess(
      unsetIfEmpty,
      z.url({ error: "must be a URL like https://control.msg91.com" }).optional(),
    ),
    /** The gateway account's API key (MSG91: authkey). */
    SMS_AUTH_KEY: z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional()),
    /** The DLT-registered sender id (6 letters) the templates are registered under. */
    SMS_SENDER_ID: z.preprocess(
      unsetIfEmpty,
      z
        .string()
        .regex(/^[A-Za-z0-9]{3,11}$/, "must be the registered sender id, 3 to 11 letters or digits, e.g. EXMPRT")
        .optional(),
    ),
    ...smsTemplateFields,
    /** How many times a text is tried before a temporary failure is final. */
    SMS_MAX_ATTEMPTS: wholeNumber(SMS_DEFAULT_MAX_ATTEMPTS, 1, "attempts"),
    /** First retry after this many seconds; each further one waits twice as long. */
    SMS_RETRY_BASE_SECONDS: wholeNumber(30, 1, "seconds"),
    /**
     * Bearer token for GET /metrics; unset, only this machine may scrape it
     * (docs/decisions/030-operations.md). Required in production (docs/decisions/044).
     */
    METRICS_TOKEN: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().min(16, "must be at least 16 characters, e.g. $(openssl rand -hex 24)").optional(),
    ),
    /** How long in-flight requests may take to finish after SIGTERM before the process exits. */
    SHUTDOWN_GRACE_MS: z
      .string()
      .default("10000")
      .pipe(z.coerce.number<string>().int("must be a whole number of milliseconds").min(0, "must be 0 or more")),
  })
  .superRefine(checkDatabasePooler)
  .superRefine((env, context) => {
    // Embedded PGlite has no replica: a read URL without DATABASE_URL would read another database.
    if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
      context.addIssue({
        code: "custom",
        path: ["DATABASE_READ_URL"],
        message: "needs DATABASE_URL (the primary it replicates); the embedded database has no replica",
      });
    }
  })
  .superRefine((env, context) => {
    // A tax rate without the registration it is charged under would print tax nobody may collect.
    if (env.INVOICE_TAX_RATE_PERCENT !== undefined && !env.INVOICE_ISSUER_TAX_ID) {
      context.addIssue({
        code: "custom",
        path: ["INVOICE_ISSUER_TAX_ID"],
        message: "must be set (the issuer's GSTIN) when INVOICE_TAX_RATE_PERCENT is",
      });
    }
  })
  .superRefine((env, context) => {
    if (env.PAYMENT_PROVIDER !== "razorpay") return;
    for (const name of ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const) {
      if (!env[name])
        context.addIssue({ code: "custom", path: [name], message: "must be set when PAYMENT_PROVIDER is razorpay" });
    }
  })
  .superRefine((env, context) => {
    // The real gateway sends nothing without its key, sender id and every template id.
    const provider = env.SMS_PROVIDER ?? (env.NODE_ENV === "production" ? "msg91" : "fake");
    if (provider !== "msg91" || env.SMS_GATEWAY_URL === undefined) return;
    const required = ["SMS_AUTH_KEY", "SMS_SENDER_ID", ...SMS_KINDS.map((kind) => SMS_TEMPLATE_ENV[kind])] as const;
    for (const name of required) {
      if (!env[name])
        context.addIssue({
          code: "custom",
          path: [name],
          message: "must be set when SMS_GATEWAY_URL is set (with SMS_PROVIDER msg91)",
        });
    }
  })
  .superRefine((env, context) => {
    // Production takes no fake payment and no secret anyone can read in this repository
    // (docs/decisions/044-production-refuses-unsafe-configuration.md).
    if (env.NODE_ENV !== "production") return;
    const refuse = (name: string, message: string) => context.addIssue({ code: "custom", path: [name], message });
    if (env.PAYMENT_PROVIDER === undefined) {
      refuse(
        "PAYMENT_PROVIDER",
        "must be razorpay in production (with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET); the demo gateway marks orders paid without money",
      );
    } else if (env.PAYMENT_PROVIDER === "demo") {
      if (!env.UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION) {
        refuse(
          "UNSAFE_DEMO_PAYMENTS_IN_PRODUCTION",
          "must be true to take fake payments in production with PAYMENT_PROVIDER=demo (no money moves); use PAYMENT_PROVIDER=razorpay for real ones",
        );
      } else if (env.DEMO_GATEWAY_SECRET === undefined || env.DEMO_GATEWAY_SECRET === DEMO_GATEWAY_DEFAULT_SECRET) {
        refuse(
          "DEMO_GATEWAY_SECRET",
          "must be a private value in production (the default is public): e.g. $(openssl rand -hex 24)",
        );
      }
    }
    // The fake gateway texts nobody: production refuses it and its public key (decision 051).
    if (env.SMS_PROVIDER === "fake") {
      refuse(
        "SMS_PROVIDER",
        "must be msg91 in production (with SMS_GATEWAY_URL, SMS_AUTH_KEY, SMS_SENDER_ID and the SMS_TEMPLATE_* ids); the fake gateway sends no text to any phone",
      );
    } else if (env.SMS_AUTH_KEY === FAKE_SMS_AUTH_KEY) {
      refuse("SMS_AUTH_KEY", "is the local fake gateway's public key: use the gateway account's own key in production");
    }
    if (env.METRICS_TOKEN === undefined) {
      refuse(
        "METRICS_TOKEN",
        "must be set in production (16+ characters, e.g. $(openssl rand -hex 24)); a proxy on the same machine would make every caller look local",
      );
    }
    if (env.SEED_DEMO === "true" && (env.DEMO_PASSWORD === undefined || env.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD)) {
      refuse(
        "DEMO_PASSWORD",
        "must be a private value in production when SEED_DEMO is true (the demo users include an administrator)",
      );
    }
  })
  .transform((env) => ({
    ...env,
    // Outside production the demo gateway, its public secret and the demo password are the defaults.
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? "demo",
    DEMO_GATEWAY_SECRET: env.DEMO_GATEWAY_SECRET ?? DEMO_GATEWAY_DEFAULT_SECRET,
    DEMO_PASSWORD: env.DEMO_PASSWORD ?? DEFAULT_DEMO_PASSWORD,
    // Outside production the fake gateway, with its public key and template ids.
    SMS_PROVIDER: env.SMS_PROVIDER ?? (env.NODE_ENV === "production" ? ("msg91" as const) : ("fake" as const)),
    SMS_AUTH_KEY: env.SMS_AUTH_KEY ?? FAKE_SMS_AUTH_KEY,
    SMS_SENDER_ID: env.SMS_SENDER_ID ?? FAKE_SMS_SENDER_ID,
    SMS_TEMPLATES: Object.fromEntries(
      SMS_KINDS.map((kind) => [kind, env[SMS_TEMPLATE_ENV[kind]] ?? FAKE_SMS_TEMPLATES[kind]]),
    ) as Record<SmsKind, string>,
  }));

export type ApiEnv = z.output<typeof apiEnvSchema>;
