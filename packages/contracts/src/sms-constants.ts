/**
 * The SMS service's plain values (message kinds, their registered texts, statuses, limits), free of
 * zod so that screens can use them (docs/decisions/007-contracts-constants-without-zod.md).
 * Indian gateways send only texts registered with the DLT platform: each kind below is one
 * registered template, whose id comes from configuration (docs/decisions/051-sms-gateway.md).
 */

export const SMS_KINDS = ["student-sign-in", "mobile-otp", "password-reset-code"] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/** The variables each kind's template takes: every one must have a value. */
export const SMS_TEMPLATE_VARIABLES = {
  "student-sign-in": ["name", "username", "password", "url"],
  "mobile-otp": ["otp", "minutes"],
  "password-reset-code": ["code", "minutes"],
} as const satisfies Record<SmsKind, readonly string[]>;

export type SmsVariables<K extends SmsKind> = Record<(typeof SMS_TEMPLATE_VARIABLES)[K][number], string>;

/**
 * The text of each template as registered (the gateway fills `##name##`); the outbox and the
 * local fake gateway show messages with it.
 */
export const SMS_TEXTS: Record<SmsKind, string> = {
  "student-sign-in":
    "Dear ##name##, your Exam Portal sign-in: username ##username##, password ##password##. Sign in at ##url## and choose your own password.",
  "mobile-otp": "##otp## is your Exam Portal verification code. It expires in ##minutes## minutes. Do not share it.",
  "password-reset-code":
    "##code## is your Exam Portal password reset code. It expires in ##minutes## minutes. If you did not ask for it, ignore this message.",
};

/** The environment variable that holds each kind's registered template id. */
export const SMS_TEMPLATE_ENV = {
  "student-sign-in": "SMS_TEMPLATE_STUDENT_SIGN_IN",
  "mobile-otp": "SMS_TEMPLATE_MOBILE_OTP",
  "password-reset-code": "SMS_TEMPLATE_PASSWORD_RESET_CODE",
} as const satisfies Record<SmsKind, string>;

/** A kind's text with its values filled in. */
export function smsText(kind: SmsKind, vars: Readonly<Record<string, string>>): string {
  return SMS_TEXTS[kind].replace(/##([a-z_]+)##/g, (whole, name: string) => vars[name] ?? whole);
}

/**
 * queued: waiting for its (next) try; sending: handed to the gateway right now; sent: the gateway
 * accepted it; failed: refused, out of tries, or interrupted mid-hand-over (retried by a person).
 */
export const SMS_STATUSES = ["queued", "sending", "sent", "failed"] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** Texts to one number (all kinds, all senders) per hour: a mistyped or abused number is not flooded. */
export const SMS_SENDS_PER_NUMBER = { max: 10, windowSeconds: 60 * 60 } as const;

/** Tries of a message before a temporary failure is final, unless SMS_MAX_ATTEMPTS says otherwise. */
export const SMS_DEFAULT_MAX_ATTEMPTS = 5;

/** Why a message stays queued when the API has no SMS gateway to give it to. */
export const NOT_SENT_NO_GATEWAY = "not sent: no SMS gateway configured (SMS_GATEWAY_URL)";

/** Said of a message whose hand-over to the gateway was interrupted: it may have arrived. */
export const INTERRUPTED_SMS =
  "Sending was interrupted: the server stopped while handing this message to the SMS gateway, so it may have arrived. It is not resent automatically; retry it if the recipient did not get it.";

/** The job that hands one queued message to the gateway (kernel/jobs/jobs.ts). */
export const SMS_SEND_JOB = "sms.send";
