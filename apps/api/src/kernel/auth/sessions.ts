import { randomUUID } from "node:crypto";
import { ROLE } from "@repo/auth/roles";
import { SIGN_IN_MAX_HOURS } from "@repo/contracts/auth";
import { type Db, type DbOrTx, statementName } from "@repo/db";
import { handoffCodes, sessions, students, users, zones } from "@repo/db/schema";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { randomToken, sha256 } from "./tokens";

export interface SessionUser {
  sessionId: number;
  signInId: string;
  app: string;
  userId: number;
  roleId: number;
  zoneCode: string | null;
  schoolId: number | null;
  mustChangePassword: boolean;
  /** Students the user's school referred (the bank-detail rule); 0 for every other role. */
  referredStudents: number;
  /** When a request of this session last changed something (noted only with a read replica, decision 067). */
  wroteAt: Date | null;
}

export const expiry = (idleHours: number, from = Date.now()) => new Date(from + idleHours * 3_600_000);

/** Sessions of sign-ins started before this have outlived SIGN_IN_MAX_HOURS, active or not. */
export const signInStartedAfter = (now = Date.now()) => new Date(now - SIGN_IN_MAX_HOURS * 3_600_000);

/** Starts a sign-in: a new sign-in id and this app's session. Returns the bearer token. */
export async function startSignIn(db: Db, userId: number, app: string, idleHours: number) {
  const token = randomToken();
  const signInId = randomUUID();
  await db.insert(sessions).values({ tokenHash: sha256(token), signInId, userId, app, expiresAt: expiry(idleHours) });
  return { token, signInId };
}

/**
 * The session lookup every signed-in request makes, built and planned once: as a named prepared
 * statement each pooled connection parses it once, and drizzle does not rebuild it per request
 * (that building was a sixth of a request's CPU). A school's count of referred students, which
 * its permissions depend on, comes in the same statement: one round trip per request, not two.
 * Behind PgBouncer in transaction mode it goes unnamed, parsed each time (decision 066).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

function prepareSessionQuery(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      signInId: sessions.signInId,
      app: sessions.app,
      lastUsedAt: sessions.lastUsedAt,
      wroteAt: sessions.wroteAt,
      userId: users.id,
      roleId: users.roleId,
      isActive: users.isActive,
      zoneCode: zones.code,
      schoolId: users.schoolId,
      mustChangePassword: users.mustChangePassword,
      referredStudents: sql<number>`case when ${users.roleId} = ${sql.raw(String(ROLE.school))} and ${users.schoolId} is not null
        then (select count(*) from ${students} where ${students.referredBySchoolId} = ${users.schoolId})::int
        else 0 end`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(zones, eq(zones.id, users.zoneId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.createdAt, sql.placeholder("startedAfter")),
      ),
    )
    .limit(1)
    .prepare(statementName(db, "find_session"));
}

/** The live session behind a bearer token, with what authorization needs; undefined if none. */
export async function findSession(db: Db, token: string, idleHours: number): Promise<SessionUser | undefined> {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash: sha256(token), now: new Date(), startedAfter: signInStartedAfter() });
  if (!row?.isActive) return undefined;
  // Slide the expiry, but write at most once a minute per session.
  if (Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date(), expiresAt: expiry(idleHours) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { lastUsedAt: _lastUsed, isActive: _active, ...session } = row;
  return session;
}

/**
 * Notes that a request of this session changed something: for a while its reports read the
 * primary, not the replica, so the session sees its own write (decision 067). The time is this
 * process's clock, which the lookup compares with.
 */
export async function noteWrite(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ wroteAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a sign-in, in every app it reached. */
export async function revokeSignIn(db: Db, signInId: string): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.signInId, signInId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await db
    .update(handoffCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(handoffCodes.signInId, signInId), isNull(handoffCodes.usedAt)));
  return revoked.length;
}

/** Revokes a user's other sign-ins (after a password change), keeping the current one. */
export async function revokeOtherSignIns(db: Db, userId: number, keepSignInId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.signInId} <> ${keepSignInId}`));
}

/**
 * Revokes every session of a user and its unused handoff codes (a password set by someone else,
 * or through a forgotten-password link): whoever held them is out everywhere.
 */
export async function revokeAllSignIns(db: DbOrTx, userId: number): Promise<number> {
  const now = new Date();
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await db
    .update(handoffCodes)
    .set({ usedAt: now })
    .where(and(eq(handoffCodes.userId, userId), isNull(handoffCodes.usedAt)));
  return revoked.length;
}
