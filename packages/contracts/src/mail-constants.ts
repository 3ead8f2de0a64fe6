/**
 * The mail service's plain values (statuses, limits, built-in template keys, audience kinds), free
 * of zod so that screens can use them in their first view (docs/decisions/007-contracts-constants-without-zod.md).
 */

/** A mail body (template or composed) may be at most this many bytes of UTF-8. */
export const MAIL_BODY_MAX_BYTES = 1_000_000;

export const MAIL_SUBJECT_MAX = 200;

/** A pasted recipient list may hold at most this many addresses. */
export const MAIL_LIST_MAX = 5000;

/** How many times a message is tried before it is failed for good (temporary failures only). */
export const MAIL_DEFAULT_MAX_ATTEMPTS = 5;

/** Messages handed to SMTP per minute across every API instance, unless MAIL_RATE_PER_MINUTE says otherwise. */
export const MAIL_DEFAULT_RATE_PER_MINUTE = 600;

/** Why a message stays in the outbox when the API has no SMTP server to give it to. */
export const NOT_DELIVERED_NO_SMTP = "not delivered: no SMTP configured";

export const MAIL_STATUSES = ["queued", "sending", "sent", "failed", "cancelled"] as const;

export type MailStatus = (typeof MAIL_STATUSES)[number];

/** The templates the portal ships with, in English and Hindi at least; seeded on first start. */
export const BUILT_IN_TEMPLATE_KEYS = [
  "school-email-verification",
  "student-credentials",
  "password-reset-code",
  "password-set",
  "password-reset-link",
  "password-changed",
  "payment-receipt",
  "payment-refunded",
  "raised-request-update",
  "results-published",
  "general-circular",
  "contact-message",
  "sif-registration",
  "account-credentials",
] as const;

export type BuiltInTemplateKey = (typeof BUILT_IN_TEMPLATE_KEYS)[number];

/** UTF-8 size of a text, in the browser and on the server alike. */
export const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;

export const SCHOOL_PAYMENT_AUDIENCES = ["any", "paid", "unpaid"] as const;

/**
 * Variables that carry secrets (a password, a one-time code). The outbox shows them masked, and a
 * message forgets them once it is delivered; templates keep them out of subjects.
 */
export const SECRET_VARIABLES = ["password", "code", "otp", "reset_url"] as const;
export const SECRET_MASK = "••••••";

/** Per-recipient variables every mail of a campaign may use. */
export const RECIPIENT_VARIABLES = ["name", "email"] as const;

export const CAMPAIGN_STATUSES = ["preparing", "sending", "done"] as const;

export const MAIL_ATTEMPT_OUTCOMES = ["sent", "temporary-failure", "permanent-failure", "not-delivered"] as const;
