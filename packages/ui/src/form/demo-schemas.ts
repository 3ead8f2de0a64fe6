// Example schemas for the form's stories and tests: the change-password rules. (The
// app's real schemas live in packages/contracts.)
import * as z from "zod";

const password = z
  .string()
  .min(1, "Password is required")
  .min(8, "Password should have at least 8 symbols")
  .max(100, "Password should have maximum 100 symbols");

export const changePasswordSchema = z
  .object({
    old_password: password,
    new_password: password.regex(
      /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%^&*])/,
      "Password should have at least one uppercase, one lowercase, one special character, one number",
    ),
    confirm_password: password,
  })
  .refine((values) => values.confirm_password === values.new_password, {
    path: ["confirm_password"],
    message: "Password do not match",
  })
  .refine((values) => values.new_password !== values.old_password, {
    path: ["new_password"],
    message: "Current password cannot be used as new password.",
  });

export const profileSchema = z.object({
  full_name: z.string().trim().min(1, "Full name is required").max(100),
  designation: z.string().trim().max(100),
  team: z.string().min(1, "Choose a team"),
  states: z.array(z.string()).min(1, "Choose at least one state"),
  agree: z.literal(true, { error: "Please confirm" }),
});
