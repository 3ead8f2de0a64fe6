import { z } from "zod";

/** Password rules and messages (docs/domain.md, Form rules), shared by the change-password form and the API. */
export const PASSWORD_MESSAGES = {
  required: "Password is required",
  min: "Password should have at least 8 symbols",
  max: "Password should have maximum 100 symbols",
  complexity: "Password should have at least one uppercase, one lowercase, one special character, one number",
  mismatch: "Password do not match",
  sameAsOld: "Current password cannot be used as new password.",
} as const;

const required = (schema: z.ZodString) =>
  z.string({ error: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required).pipe(schema);

const passwordLength = z.string().min(8, PASSWORD_MESSAGES.min).max(100, PASSWORD_MESSAGES.max);

/** One lowercase, one uppercase, one digit and one of !@#$%^&*. */
export function isStrongPassword(value: string): boolean {
  return /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[!@#$%^&*]/.test(value);
}

/** A new password and its confirmation: every form that sets a password (change, reset) uses these. */
export const newPasswordField = required(passwordLength.refine(isStrongPassword, PASSWORD_MESSAGES.complexity));
export const confirmPasswordField = required(passwordLength);

/** Adds "Password do not match" to confirm_password when the two differ. */
export function checkConfirmation<T extends { new_password: string; confirm_password: string }>(
  value: T,
  ctx: z.RefinementCtx<T>,
): void {
  // Field rules already reported empty values; comparing them would only add noise.
  if (!value.new_password || !value.confirm_password) return;
  if (value.confirm_password !== value.new_password) {
    ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORD_MESSAGES.mismatch });
  }
}

export const changePasswordBody = z
  .strictObject({
    old_password: required(passwordLength),
    new_password: newPasswordField,
    confirm_password: confirmPasswordField,
  })
  .superRefine((value, ctx) => {
    if (!value.new_password) return;
    checkConfirmation(value, ctx);
    if (value.old_password && value.new_password === value.old_password) {
      ctx.addIssue({ code: "custom", path: ["new_password"], message: PASSWORD_MESSAGES.sameAsOld });
    }
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const usernameField = z
  .string({ error: "username is required" })
  .trim()
  .min(3, "username must be at least 3 characters")
  .max(50, "username can be at most 50 characters")
  .regex(/^[A-Za-z0-9._@-]+$/, "username may contain only letters, digits and . _ @ -");

export const APP_NAMES = ["school", "coordinator", "papersetter", "outbox"] as const;
export const appField = z.enum(APP_NAMES, { error: "app must be school, coordinator, papersetter or outbox" });

/** The browser's device id the apps keep in a long-lived cookie and send with a sign-in. */
export const DEVICE_ID_PATTERN = /^[\w-]{40,100}$/;

export const loginBody = z.strictObject({
  username: z.string({ error: "username is required" }).trim().min(1, "username is required").max(100),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(100),
  /** The app the sign-in starts in (its session is bound to it); defaults to the school app. */
  app: appField.optional(),
  /**
   * The browser's device id (the app's long-lived cookie): the right password from a device the
   * account signed in on before is never held up by others' wrong passwords.
   */
  device: z
    .string()
    .regex(DEVICE_ID_PATTERN, "device must be the app's device id (40 to 100 letters, digits, - or _)")
    .optional(),
});

/**
 * The random value an app keeps in the browser's handoff cookie: a code is issued for it and
 * redeemed only with it, so a handoff link works only in the browser that asked for it.
 */
const browserNonceField = z
  .string({ error: "browser_nonce is required" })
  .min(20, "browser_nonce is not valid")
  .max(100, "browser_nonce is not valid");
export const handoffBody = z.strictObject({ target_app: appField, browser_nonce: browserNonceField });
export const redeemHandoffBody = z.strictObject({
  code: z.string({ error: "code is required" }).min(20, "code is not valid").max(100, "code is not valid"),
  app: appField,
  browser_nonce: browserNonceField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const checkUsernameBody = z.strictObject({
  username: usernameField,
  /** The fixed client token the forms send with the check. */
  token: z.string().max(200).optional(),
});

export const profileFields = z.strictObject({
  full_name: z.string().trim().min(1, "full_name is required").max(100, "full_name can be at most 100 characters"),
  designation: z.string().trim().max(100, "designation can be at most 100 characters").optional().default(""),
  team: z.string().trim().max(100, "team can be at most 100 characters").optional().default(""),
});

/** Photo rules: jpeg, jpg, gif, png or bmp, checked by content on the server. */
export const PROFILE_PHOTO_TYPES = ["image/jpeg", "image/gif", "image/png", "image/bmp"] as const;
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;

export const mobileField = z
  .string({ error: "mobile is required" })
  .trim()
  .regex(/^\+?[0-9]{10,15}$/, "mobile must be 10 to 15 digits, optionally starting with +");

export const OTP_PURPOSES = ["verify-mobile", "login"] as const;

export const sendOtpQuery = z.strictObject({
  mobile: mobileField,
  type: z.enum(OTP_PURPOSES, { error: "type must be verify-mobile or login" }).default("verify-mobile"),
});

export const verifyOtpBody = z.strictObject({
  mobile: mobileField,
  otp: z.string({ error: "otp is required" }).regex(/^\d{6}$/, "otp must be the 6 digits we sent"),
  type: z.enum(OTP_PURPOSES, { error: "type must be verify-mobile or login" }).default("verify-mobile"),
});

/** The geography levels a coordinator can be assigned to (a city is never assigned). */
export const ASSIGNMENT_LEVELS = ["zone", "state", "prant", "district"] as const;
export type AssignmentLevel = (typeof ASSIGNMENT_LEVELS)[number];

export const assignment = z.object({
  id: z.number().int(),
  level: z.enum(ASSIGNMENT_LEVELS),
  coordinatable_id: z.number().int(),
  coordinatable_name: z.string(),
});
export type Assignment = z.infer<typeof assignment>;

/** The signed-in user's record (GET /api/user; docs/domain.md, "The user record"). */
export const userRecord = z.object({
  id: z.number().int(),
  role_id: z.number().int(),
  role_name: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  profile_photo: z.string().nullable(),
  profile: z.object({
    full_name: z.string().nullable(),
    designation: z.string().nullable(),
    team: z.string().nullable(),
  }),
  company_logo: z.string().nullable(),
  is_active: z.union([z.literal(0), z.literal(1)]),
  zone: z.string().nullable(),
  country_id: z.number().int().nullable(),
  mobile: z.string().nullable(),
  mobile_verified: z.boolean(),
  /** Someone who manages the user gave it a new password: it must choose its own before going on. */
  must_change_password: z.boolean(),
  user_detail: z.object({
    name: z.string(),
    profile_photo: z.string().nullable(),
    school_category_id: z.number().int().nullable(),
    /** The school the account belongs to (a school account's own, a student's), else null. */
    school_name: z.string().nullable(),
    referred_student: z.number().int(),
    assignments: z.array(assignment),
    /** A school or institute account's school address and whether it is verified; null for other roles. */
    school_email: z.object({ address: z.string(), verified: z.boolean() }).nullable(),
  }),
});
export type UserRecord = z.infer<typeof userRecord>;

/** Who signed in, as the login and handoff answers name them. */
export const signedInUser = z.object({ id: z.number().int(), username: z.string(), role_id: z.number().int() });

export const loginData = z.object({
  token: z.string(),
  user: signedInUser,
  /** The user has a mobile number that is not verified yet: the app offers the OTP step. */
  mobile_verification_required: z.boolean(),
});
export type LoginData = z.infer<typeof loginData>;

export const usernameCheckData = z.object({ available: z.boolean() });

export const otpSentData = z.object({ expires_in_seconds: z.number().int() });

export const handoffData = z.object({ code: z.string(), target_app: z.string(), expires_at: z.string() });
export const handoffRedeemData = z.object({ token: z.string(), user: signedInUser });

/**
 * Sign-in limits count wrong passwords, never successes, and never stop the right password from a
 * device or network the account signed in from before (docs/decisions/027-limits-that-fit-schools.md,
 * docs/decisions/048-sign-in-limits-that-spare-honest-people.md). A "network" is an IPv4 address
 * or an IPv6 /64.
 */
/** Wrong passwords from one network, all accounts together (LOGIN_LIMIT_PER_CLIENT overrides max). */
export const LOGIN_FAILURES_PER_CLIENT = { max: 100, windowSeconds: 15 * 60 } as const;
/**
 * One account from one network (or one known device): `free` wrong passwords, then a pause after
 * each further one, `firstMinutes` doubling up to `maxMinutes`; counted over `windowSeconds` and
 * forgotten at the right password. Only that network (or device) waits.
 */
export const LOGIN_PAUSES = { free: 5, firstMinutes: 1, maxMinutes: 15, windowSeconds: 24 * 60 * 60 } as const;
/** How long a sign-in waits after the `failures`-th wrong password in a row from one place (0: none). */
export function loginPauseMinutes(failures: number): number {
  const beyond = failures - LOGIN_PAUSES.free;
  if (beyond <= 0) return 0;
  return Math.min(LOGIN_PAUSES.firstMinutes * 2 ** Math.min(beyond - 1, 16), LOGIN_PAUSES.maxMinutes);
}
/**
 * One account from networks and devices it never signed in from, all together (a guesser with
 * many networks, each paused as above): past this, only known ones may try until the window ends.
 */
export const LOGIN_LIMIT_PER_ACCOUNT = { max: 200, windowSeconds: 60 * 60 } as const;
/** How long a device or network the account signed in from stays "known" to it, since its last sign-in. */
export const LOGIN_KNOWN_DAYS = 90;

/**
 * The one form usernames are compared in (look-ups, limits): NFKC, then lower case, with the
 * Turkish dotted capital İ (and i + combining dot) read as a plain i, as `I` is. Usernames are
 * ASCII (`usernameField`), so every spelling that reaches an account shares its counters.
 */
export function normalUsername(username: string): string {
  return username
    .trim()
    .normalize("NFKC")
    .replace(/\u0130/g, "i")
    .toLowerCase()
    .replace(/i\u0307/g, "i");
}

/** Wrong current passwords (change password, bank details) per account. */
export const PASSWORD_RECHECKS_PER_ACCOUNT = { max: 5, windowSeconds: 15 * 60 } as const;
/** Username look-ups per address (a flood), and of those the ones that find a taken name (enumeration). */
export const USERNAME_CHECKS_PER_CLIENT = { max: 600, windowSeconds: 60 } as const;
export const USERNAMES_TAKEN_PER_CLIENT = { max: 30, windowSeconds: 15 * 60 } as const;

/** Mobile codes: valid this long, this many wrong tries, this many sends per hour. */
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_ACCOUNT = { max: 5, windowSeconds: 60 * 60 } as const;
/** Codes sent from one address and not (yet) verified: a lab's students verifying theirs do not add up. */
export const OTP_SENDS_PER_CLIENT = { max: 20, windowSeconds: 60 * 60 } as const;
/** Wrong codes from one address, all accounts together. */
export const OTP_FAILURES_PER_CLIENT = { max: 30, windowSeconds: 15 * 60 } as const;

/**
 * A sign-in ends this long after its login however active it is (the idle expiry slides; this
 * does not); sessions added by handoffs keep the sign-in's start (docs/decisions/028-app-request-checks.md).
 */
export const SIGN_IN_MAX_HOURS = 7 * 24;

/** A handoff code moves a sign-in to another app within this many seconds, once. */
export const HANDOFF_TTL_SECONDS = 60;
