/**
 * Password management (coordinator app, `password/update-password`): the people whose password the
 * signed-in user may reset, and the reset itself: a password made by the portal and mailed to the
 * person, who must choose its own at its next sign-in.
 */
import { z } from "zod";
import { idField, wholeNumber } from "./ids";
import { SMALL_ID_MAX } from "./ids-constants";
import { pageField, perPageField, searchField } from "./pagination";

export const passwordUserListBody = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  role_id: wholeNumber(
    z
      .number({ error: "role_id must be a role number" })
      .int("role_id must be a role number")
      .positive("role_id must be a role number")
      .max(SMALL_ID_MAX, "role_id must be a role number"),
  ).optional(),
});
export type PasswordUserListBody = z.infer<typeof passwordUserListBody>;

export const passwordUserItem = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  /** A reset password not yet replaced by the person's own. */
  must_change_password: z.boolean(),
});
export type PasswordUserItem = z.infer<typeof passwordUserItem>;

export const resetPasswordBody = z.strictObject({
  user_id: idField("user_id", "Choose whose password to reset"),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
