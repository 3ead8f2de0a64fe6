/** Forgotten passwords: the requests and answers (docs/decisions/052-forgotten-passwords.md). */
import { z } from "zod";
import { appField, checkConfirmation, confirmPasswordField, newPasswordField } from "./auth";
import { PASSWORD_RESET_CHANNELS, PASSWORD_RESET_LINK_STATES } from "./password-reset-constants";

const loginField = z
  .string({ error: "Enter your username or e-mail address" })
  .trim()
  .min(1, "Enter your username or e-mail address")
  .max(200, "A username or e-mail address has at most 200 characters");

/** The secret of a mailed link (43 characters of base64url; anything else is simply unknown). */
const tokenField = z.string({ error: "token is required" }).trim().min(1, "token is required").max(200);

export const passwordResetRequestBody = z.strictObject({
  login: loginField,
  channel: z.enum(PASSWORD_RESET_CHANNELS, { error: "channel must be email or sms" }).default("email"),
  /** The app the person asked from: the mailed link opens its page. */
  app: appField.default("school"),
});
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBody>;

export const passwordResetRequestData = z.object({ channel: z.enum(PASSWORD_RESET_CHANNELS) });

export const passwordResetCheckBody = z.strictObject({ token: tokenField });
export const passwordResetCheckData = z.object({
  state: z.enum(PASSWORD_RESET_LINK_STATES),
  /** The account's username, only for a usable link (its holder may see it). */
  username: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type PasswordResetCheckData = z.infer<typeof passwordResetCheckData>;

export const passwordResetCodeBody = z.strictObject({
  login: loginField,
  code: z
    .string({ error: "Enter the 6-digit code we texted" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we texted"),
});
/** A right code is exchanged for a link's secret, which the new-password form then carries. */
export const passwordResetCodeData = z.object({ token: z.string(), username: z.string() });

export const passwordResetBody = z
  .strictObject({
    token: tokenField,
    new_password: newPasswordField,
    confirm_password: confirmPasswordField,
    /** The app the page is in: the "password changed" mail links to its sign-in page. */
    app: appField.default("school"),
  })
  .superRefine(checkConfirmation);
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export const passwordResetData = z.object({ username: z.string() });
