import { z } from "zod";

/** Password rules and messages of spec §5, shared by the change-password form and the API. */
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

export const changePasswordBody = z
  .strictObject({
    old_password: required(passwordLength),
    new_password: required(passwordLength.refine(isStrongPassword, PASSWORD_MESSAGES.complexity)),
    confirm_password: required(passwordLength),
  })
  .superRefine((value, ctx) => {
    // Field rules already reported empty values; comparing them would only add noise.
    if (!value.new_password) return;
    if (value.confirm_password && value.confirm_password !== value.new_password) {
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: PASSWORD_MESSAGES.mismatch });
    }
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

export const loginBody = z.strictObject({
  username: z.string({ error: "username is required" }).trim().min(1, "username is required").max(100),
  password: z.string({ error: "password is required" }).min(1, "password is required").max(100),
  /** The app the sign-in starts in (its session is bound to it); defaults to the school app. */
  app: appField.optional(),
});

export const handoffBody = z.strictObject({ target_app: appField });
export const redeemHandoffBody = z.strictObject({
  code: z.string({ error: "code is required" }).min(20, "code is not valid").max(100, "code is not valid"),
  app: appField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const checkUsernameBody = z.strictObject({
  username: usernameField,
  /** The fixed client token the forms send with the check (spec §5). */
  token: z.string().max(200).optional(),
});

export const profileFields = z.strictObject({
  full_name: z.string().trim().min(1, "full_name is required").max(100, "full_name can be at most 100 characters"),
  designation: z.string().trim().max(100, "designation can be at most 100 characters").optional().default(""),
  team: z.string().trim().max(100, "team can be at most 100 characters").optional().default(""),
});

/** Photo rules of spec §5: jpeg, jpg, gif, png or bmp, checked by content on the server. */
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
