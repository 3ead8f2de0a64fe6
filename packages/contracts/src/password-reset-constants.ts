/**
 * Forgotten passwords (docs/decisions/052-forgotten-passwords.md): the values the pages and the
 * API share, without zod (decision 007).
 */

/** The pages every app has, beside its sign-in page. */
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESET_PASSWORD_PATH = "/reset-password";

/** A mailed link works once, for this long; a newer link retires the older ones. */
export const PASSWORD_RESET_LINK_TTL_MINUTES = 30;
/** Links and codes asked for one account, both ways together, per window (silently not sent past it). */
export const PASSWORD_RESET_SENDS_PER_ACCOUNT = { max: 5, windowSeconds: 60 * 60 } as const;
/** Requests from one network (an IPv4 address or IPv6 /64), for any account or none. */
export const PASSWORD_RESET_REQUESTS_PER_CLIENT = { max: 60, windowSeconds: 60 * 60 } as const;
/** Wrong texted codes from one network, all accounts together. */
export const PASSWORD_RESET_CODE_FAILURES_PER_CLIENT = { max: 30, windowSeconds: 15 * 60 } as const;
/** One e-mail address shared by several accounts gets a link for each, up to this many. */
export const PASSWORD_RESET_ACCOUNTS_PER_ADDRESS = 5;
/**
 * Every request is answered no sooner than this after it arrived, so that an unknown account
 * (nothing to queue) answers in the same time as a known one.
 */
export const PASSWORD_RESET_ANSWER_MS = 400;

/** How a person asks: a link by e-mail, or a code by text message to their known mobile. */
export const PASSWORD_RESET_CHANNELS = ["email", "sms"] as const;
export type PasswordResetChannel = (typeof PASSWORD_RESET_CHANNELS)[number];

/** What a link is now: usable, used (or the password changed since), expired, or retired by a newer one. */
export const PASSWORD_RESET_LINK_STATES = ["valid", "used", "expired", "superseded", "unknown"] as const;
export type PasswordResetLinkState = (typeof PASSWORD_RESET_LINK_STATES)[number];

/** The one answer to a request, whether or not the account exists (no account enumeration). */
export const PASSWORD_RESET_SENT: Record<PasswordResetChannel, string> = {
  email: `If an account with that username or e-mail address has an e-mail address with us, we have sent a link to it. The link works once, for ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes. If nothing arrives in a few minutes, look in the spam folder.`,
  sms: "If an account with that username has a mobile number with us, we have texted a 6-digit code to it. Enter the code below.",
};

export const PASSWORD_RESET_MESSAGES = {
  unknown: "This link is not valid. Open the link from the latest e-mail, or ask for a new one.",
  used: "This link was already used, or the password was changed since it was sent.",
  expired: `This link has expired: links work for ${PASSWORD_RESET_LINK_TTL_MINUTES} minutes.`,
  superseded: "This link was replaced by a newer one: use the link from the latest e-mail.",
  wrongCode: "The code is not correct or has expired. Check the latest text message, or ask for a new code.",
  done: "Your password was changed and you were signed out everywhere. Sign in with your new password.",
} as const;
