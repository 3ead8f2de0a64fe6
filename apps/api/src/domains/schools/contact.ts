import { findRole } from "@repo/auth/roles";
import type { ContactBody, ContactResult } from "@repo/contracts/content-notices";
import { CONTACT_LIMIT, CONTACT_TEMPLATE_KEY, PROGRAMME_OFFICE } from "@repo/contracts/content-notices-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { hit } from "../../kernel/rate-limit";
import { coordinatorsCovering } from "../geography/region-scope";
import { enqueueMail } from "../mail/index";
import type { StudentViewer } from "../students/students";
import { ownedSchoolsWhere, schoolScopeOf } from "./ownership";

/** The levels a contact message tries, nearest first: the first with an active coordinator gets it. */
export const CONTACT_LEVELS = ["district", "prant", "state", "zone"] as const;
export type ContactLevel = (typeof CONTACT_LEVELS)[number];

export interface CoordinatorCandidate {
  level: ContactLevel;
  role_id: number;
  email: string;
  region: string;
}

/** The candidates of the nearest level that has any; none at all gives []. */
export function nearestCoordinators(candidates: readonly CoordinatorCandidate[]): CoordinatorCandidate[] {
  for (const level of CONTACT_LEVELS) {
    const found = candidates.filter((c) => c.level === level);
    if (found.length > 0) return found;
  }
  return [];
}

/** "in 1 hour", "in 12 minutes", "in 40 seconds": when a limited sender may send again. */
export function waitInWords(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.ceil(seconds / 3600);
    return `in ${countOf(hours, COUNTED.hour)}`;
  }
  if (seconds >= 60) {
    const minutes = Math.ceil(seconds / 60);
    return `in ${countOf(minutes, COUNTED.minute)}`;
  }
  return `in ${countOf(seconds, COUNTED.second)}`;
}

/**
 * Sends a school's contact message to the coordinators of its region: the district's if it has
 * one, else the prant's, the state's, the zone's; else the programme office. Replies go to the
 * school's own address. Each sender may send CONTACT_LIMIT.max messages per window.
 */
export async function sendContactMessage(
  db: DbOrTx,
  viewer: StudentViewer,
  input: ContactBody,
  actor: Actor,
  adminEmail: string,
): Promise<ContactResult> {
  const scope = await schoolScopeOf(db, viewer);
  const limit = await hit(db, `contact:${viewer.userId}`, CONTACT_LIMIT);
  if (!limit.allowed) {
    throw new ApiError(
      429,
      `You have sent ${CONTACT_LIMIT.max} messages in the last hour, the most allowed. You can send again ${waitInWords(limit.retryAfter)}.`,
      undefined,
      { "Retry-After": String(limit.retryAfter) },
    );
  }
  const schoolsOf = ownedSchoolsWhere(scope);
  const [sender] = await queryRows<{
    name: string;
    email: string;
    school_name: string | null;
    school_email: string | null;
  }>(
    db,
    sql`select u.name, u.email,
          (select string_agg(sc.name, ', ' order by sc.name) from schools sc where ${schoolsOf}) as school_name,
          (select sc.email from schools sc where ${schoolsOf} order by sc.id limit 1) as school_email
        from users u where u.id = ${viewer.userId}`,
  );
  const candidates = await queryRows<CoordinatorCandidate>(
    db,
    sql`select distinct
          case when a.district_id is not null then 'district' when a.prant_id is not null then 'prant'
               when a.state_id is not null then 'state' else 'zone' end as level,
          u.role_id, u.email, coalesce(d.name, p.name, st.name, z.name) as region
        ${coordinatorsCovering(schoolsOf)}`,
  );
  const chosen = nearestCoordinators(candidates);
  const recipients =
    chosen.length > 0
      ? [...new Map(chosen.map((c) => [c.email.toLowerCase(), c])).values()]
      : [{ level: null, role_id: null, email: adminEmail, region: null }];
  // The school's address takes replies; a school without one (never, after registration) falls back to its user's.
  const replyTo = sender?.school_email || sender?.email || undefined;
  const variables = {
    school_name: sender?.school_name ?? sender?.name ?? "A school",
    sender_name: sender?.name ?? "The school",
    sender_email: replyTo ?? "not given",
    phone: input.phone ?? "not given",
    subject: input.subject,
    message: input.message,
  };
  const sentTo = recipients.map((r) => ({
    role_name: r.role_id === null ? PROGRAMME_OFFICE : (findRole(Number(r.role_id))?.name ?? "Coordinator"),
    region: r.region,
  }));
  await db.transaction(async (tx) => {
    for (const recipient of recipients) {
      await enqueueMail(tx, {
        templateKey: CONTACT_TEMPLATE_KEY,
        language: "en",
        to: recipient.email,
        ...(replyTo ? { replyTo } : {}),
        variables,
        queuedBy: viewer.userId,
      });
    }
    await recordActivity(tx, {
      userId: actor.userId,
      action: "contact.send",
      entity: "users",
      entityId: viewer.userId,
      after: { subject: input.subject, sent_to: sentTo },
      requestId: actor.requestId,
    });
  });
  return { sent_to: sentTo };
}
