import { can, type Permission } from "@repo/auth/permissions";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import { ApiError } from "../http/errors";
import { findSession } from "./sessions";

/**
 * Reads the bearer token, if any, and sets `c.var.auth` for a live session of an active user.
 * It never rejects: whether a route needs a user is the route's permission's business.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  c.set("auth", undefined);
  const header = c.req.header("authorization");
  const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (token) {
    const { database, config } = c.var.services;
    const session = await findSession(database.db, token, config.sessionIdleHours);
    if (session) {
      // Only a school's permissions depend on its referrals (the bank-detail rule): the session
      // lookup counts them for schools.
      const subject = {
        roleId: session.roleId,
        isGcc: session.zoneCode === "GCC",
        referredStudents: session.referredStudents,
      };
      c.set("auth", {
        userId: session.userId,
        roleId: session.roleId,
        sessionId: session.sessionId,
        signInId: session.signInId,
        app: session.app,
        subject,
        mustChangePassword: session.mustChangePassword,
        wroteAt: session.wroteAt,
        can: (permission: Permission) => can(subject, permission),
      });
    }
  }
  await next();
});

/** The audience of a route: anyone, any signed-in user, or holders of one permission. */
export type Access = "public" | Permission;

/** 401 without a live session, 403 without the permission (checked before body validation). */
export function requireAccess(access: Access) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (access !== "public") {
      const auth = c.var.auth;
      if (!auth) throw new ApiError(401, "Please sign in to continue.");
      // A reset password opens the user's own profile only (change-password is there) until it
      // chooses its own: whoever read the mailed password cannot use the account meanwhile.
      if (auth.mustChangePassword && access !== "self.profile") {
        throw new ApiError(
          403,
          "Your password was reset: choose your own password first (My Profile, Change Password).",
        );
      }
      if (!auth.can(access)) throw new ApiError(403, "You do not have permission to do this.");
    }
    await next();
  });
}

/** The signed-in caller; only for routes guarded by a permission. */
export function signedIn(c: { var: AppEnv["Variables"] }) {
  const auth = c.var.auth;
  if (!auth) throw new ApiError(401, "Please sign in to continue.");
  return auth;
}

/** The signed-in caller as the activity log names it (who, which sign-in, which request). */
export function actorOf(c: { var: AppEnv["Variables"] }) {
  const auth = signedIn(c);
  return { userId: auth.userId, signInId: auth.signInId, requestId: c.var.requestId };
}
