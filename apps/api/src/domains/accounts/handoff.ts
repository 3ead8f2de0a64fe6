import type { AppId } from "@repo/auth/apps";
import { HANDOFF_TTL_SECONDS } from "@repo/contracts/auth";
import type { Db } from "@repo/db";
import { handoffCodes, sessions, users } from "@repo/db/schema";
import { and, eq, gt, isNull, min } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { expiry, signInStartedAfter } from "../../kernel/auth/sessions";
import { randomToken, sha256 } from "../../kernel/auth/tokens";
import { ApiError } from "../../kernel/http/errors";

/**
 * Moving a sign-in between apps (docs/decisions/003-sessions-and-handoff.md): a single-use code,
 * valid for HANDOFF_TTL_SECONDS, that only the named app's server can redeem.
 */
export async function issueHandoff(
  db: Db,
  actor: Actor & { signInId: string },
  targetApp: AppId,
  browserNonce: string,
) {
  const code = randomToken();
  const expiresAt = new Date(Date.now() + HANDOFF_TTL_SECONDS * 1000);
  await db.insert(handoffCodes).values({
    codeHash: sha256(code),
    signInId: actor.signInId,
    userId: actor.userId,
    targetApp,
    browserBindingHash: sha256(browserNonce),
    expiresAt,
  });
  await recordActivity(db, {
    userId: actor.userId,
    action: "auth.handoff-issue",
    entity: "sign_in",
    entityId: actor.signInId,
    after: { target_app: targetApp },
    requestId: actor.requestId,
  });
  return { code, target_app: targetApp, expires_at: expiresAt.toISOString() };
}

const expired = () => new ApiError(401, "This sign-in link has expired or was already used. Please sign in again.");

/**
 * Redeems a code once, for the app it was issued to, while its sign-in is alive and its user
 * active. Marking it used and checking it are one UPDATE, so two redemptions cannot both win.
 */
export async function redeemHandoff(
  db: Db,
  input: { code: string; app: AppId; browserNonce: string; idleHours: number; requestId: string },
) {
  const [used] = await db
    .update(handoffCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(handoffCodes.codeHash, sha256(input.code)),
        eq(handoffCodes.targetApp, input.app),
        // Only in the browser the code was issued to: a link sent to someone else fails.
        eq(handoffCodes.browserBindingHash, sha256(input.browserNonce)),
        isNull(handoffCodes.usedAt),
        gt(handoffCodes.expiresAt, new Date()),
      ),
    )
    .returning({ userId: handoffCodes.userId, signInId: handoffCodes.signInId });
  if (!used) throw expired();
  const [user] = await db
    .select({ id: users.id, username: users.username, role_id: users.roleId, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, used.userId));
  if (!user?.isActive) throw expired();
  // The new session keeps the sign-in's start, so moving between apps never extends its lifetime.
  const [alive] = await db
    .select({ startedAt: min(sessions.createdAt) })
    .from(sessions)
    .where(and(eq(sessions.signInId, used.signInId), isNull(sessions.revokedAt)));
  if (!alive?.startedAt || new Date(alive.startedAt).getTime() <= signInStartedAfter().getTime()) throw expired();
  const token = randomToken();
  await db.insert(sessions).values({
    tokenHash: sha256(token),
    signInId: used.signInId,
    userId: used.userId,
    app: input.app,
    createdAt: new Date(alive.startedAt),
    expiresAt: expiry(input.idleHours),
  });
  await recordActivity(db, {
    userId: user.id,
    action: "auth.handoff-redeem",
    entity: "sign_in",
    after: { app: input.app },
    requestId: input.requestId,
  });
  return { token, user: { id: user.id, username: user.username, role_id: user.role_id } };
}
