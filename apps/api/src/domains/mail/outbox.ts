import { ID_MAX } from "@repo/contracts/ids-constants";
import { PORTAL_TIME_ZONE } from "@repo/contracts/locale";
import type {
  bulkRetryBody,
  MailMessageDetail,
  MailMessageItem,
  MessageCounts,
  MessageListBody,
} from "@repo/contracts/mail";
import { MAIL_STATUSES, type MailStatus, SECRET_MASK, SECRET_VARIABLES } from "@repo/contracts/mail-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { mailAttempts, mailContents, mailMessages, users } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing, newestFirstPage } from "../../kernel/sql";
import { realDate } from "./inputs";
import { parsedContent, renderParts } from "./render";

/**
 * The outbox (role 12): every message the portal queued, its delivery attempts, and what a person
 * can do about one: retry a failed message, cancel a queued one, retry every failed message a
 * filter selects. Every change goes to the activity log.
 */

type MessageFilters = Omit<z.output<typeof bulkRetryBody>, never> & { status?: MailStatus | undefined };

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

/** The list's filters as SQL on messages (alias m). Dates are whole days in India, inclusive. */
function filterConditions(filters: MessageFilters, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (withStatus && filters.status) where.push(sql`m.status = ${filters.status}`);
  if (filters.template_key) where.push(sql`m.template_key = ${filters.template_key}`);
  if (filters.campaign_id !== undefined) {
    where.push(filters.campaign_id <= ID_MAX ? sql`m.campaign_id = ${filters.campaign_id}` : sql`false`);
  }
  const from = realDate("from", filters.from);
  const to = realDate("to", filters.to);
  if (from) where.push(sql`m.created_at >= (${from}::date)::timestamp at time zone ${PORTAL_TIME_ZONE}`);
  if (to) where.push(sql`m.created_at < (${to}::date + 1)::timestamp at time zone ${PORTAL_TIME_ZONE}`);
  if (filters.search) where.push(sql`m.to_address ilike ${containing(filters.search)}`);
  return where;
}

const whereClause = (parts: SQL[]) => (parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``);

interface MessageRow {
  id: number;
  to_address: string;
  cc: string[] | string | null;
  subject: string;
  template_key: string | null;
  language: string | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  campaign_id: number | null;
  queued_by: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
  next_attempt_at: string | Date | null;
}

const selectMessages = sql`
  select m.id, m.to_address, m.cc, m.subject, m.template_key, m.language, m.status, m.attempts, m.last_error,
         m.campaign_id, u.name as queued_by, m.created_at, m.sent_at, m.next_attempt_at
  from ${mailMessages} m left join ${users} u on u.id = m.queued_by`;

/** A text[] as either driver answers it. */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === "{}") return [];
  return value
    .slice(1, -1)
    .split(",")
    .map((item) => item.replace(/^"|"$/g, ""));
}

function toItem(row: MessageRow): MailMessageItem {
  return {
    id: Number(row.id),
    to: row.to_address,
    cc: textArray(row.cc),
    subject: row.subject,
    template_key: row.template_key,
    language: row.language,
    status: row.status,
    attempts: Number(row.attempts),
    last_error: row.last_error,
    campaign_id: row.campaign_id == null ? null : Number(row.campaign_id),
    queued_by: row.queued_by,
    created_at: iso(row.created_at) ?? "",
    sent_at: iso(row.sent_at),
    // When the next try is due, for messages still waiting for one.
    next_attempt_at: row.status === "queued" ? iso(row.next_attempt_at) : null,
  };
}

/** The outbox list, newest first. */
export async function listMessages(db: DbOrTx, body: MessageListBody): Promise<Page<MailMessageItem>> {
  const list = { table: mailMessages, select: selectMessages, where: whereClause(filterConditions(body, true)) };
  const { rows, total } = await newestFirstPage<MessageRow>(db, list, body.page, body.per_page);
  return pageOf(rows.map(toItem), total, body.page, body.per_page);
}

/** How many messages the filters select in each status (the status filter is ignored). */
export async function countMessages(db: DbOrTx, filters: MessageFilters): Promise<MessageCounts> {
  const rows = await queryRows<{ status: MailStatus; n: number }>(
    db,
    sql`select m.status, count(*)::int as n from ${mailMessages} m${whereClause(filterConditions(filters, false))}
        group by m.status`,
  );
  const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** One message as its recipient gets it (subject, HTML, text), with its values and attempts. */
export async function getMessage(db: DbOrTx, id: number): Promise<MailMessageDetail> {
  const [row] = await queryRows<
    MessageRow & {
      variables: Record<string, string> | string;
      content_id: number;
      content_subject: string;
      content_html: string;
      content_text: string | null;
      shared: Record<string, string> | string;
    }
  >(
    db,
    sql`select x.*, m.variables, m.content_id, c.subject as content_subject, c.html as content_html,
          c.text as content_text, c.variables as shared
        from (${selectMessages} where m.id = ${id}) x
        join ${mailMessages} m on m.id = x.id
        join ${mailContents} c on c.id = m.content_id`,
  );
  if (!row) throw notFound("Message");
  const json = (value: Record<string, string> | string) => (typeof value === "string" ? JSON.parse(value) : value);
  const content = parsedContent(`content:${row.content_id}`, {
    subject: row.content_subject,
    html: row.content_html,
    text: row.content_text,
  });
  // Secrets (passwords, codes) are never shown, before delivery or after (when they are gone).
  const values: Record<string, string> = { ...json(row.shared), ...json(row.variables) };
  const used = new Set([content.subject, content.html, content.text].flatMap((part) => part?.variables ?? []));
  for (const name of SECRET_VARIABLES) if (name in values || used.has(name)) values[name] = SECRET_MASK;
  const parts = renderParts(content, values, "literal");
  const attempts = await queryRows<{ at: string | Date; outcome: string; code: number | null; response: string }>(
    db,
    sql`select at, outcome, code, response from ${mailAttempts} where message_id = ${id} order by at, id`,
  );
  return {
    ...toItem(row),
    // The subject as queued (what was handed to SMTP), the parts as rendered for delivery.
    html: parts.html,
    text: parts.text,
    variables: values,
    attempt_log: attempts.map((a) => ({
      at: iso(a.at) ?? "",
      outcome: a.outcome as MailMessageDetail["attempt_log"][number]["outcome"],
      code: a.code == null ? null : Number(a.code),
      response: a.response,
    })),
  };
}

async function currentStatus(db: DbOrTx, id: number): Promise<MailStatus> {
  const [row] = await queryRows<{ status: MailStatus }>(db, sql`select status from ${mailMessages} where id = ${id}`);
  if (!row) throw notFound("Message");
  return row.status;
}

const WHY_NOT: Record<MailStatus, string> = {
  queued: "it is still queued and will be sent",
  sending: "it is being sent right now",
  sent: "it was already sent",
  failed: "it failed",
  cancelled: "it was cancelled",
};

/** Queues a failed message again, now, with a fresh attempts budget. 409 for any other status. */
export async function retryMessage(db: Db, id: number, actor: Actor): Promise<MailMessageDetail> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ last_error: string | null; attempts: number }>(
      tx,
      sql`with before as (select id, last_error, attempts from ${mailMessages} where id = ${id} and status = 'failed' for update)
          update ${mailMessages} m set status = 'queued', attempts = 0, next_attempt_at = now(), last_error = null,
            locked_by = null, locked_until = null, updated_at = now()
          from before where m.id = before.id
          returning before.last_error, before.attempts`,
    );
    const before = rows[0];
    if (!before) {
      const status = await currentStatus(tx, id);
      throw new ApiError(409, `Only failed messages can be retried, and this one is ${status}: ${WHY_NOT[status]}.`);
    }
    await recordActivity(tx, {
      userId: actor.userId,
      action: "mail_message.retry",
      entity: "mail_messages",
      entityId: id,
      before: { status: "failed", attempts: Number(before.attempts), last_error: before.last_error },
      after: { status: "queued", attempts: 0 },
      requestId: actor.requestId,
    });
  });
  return getMessage(db, id);
}

/** Cancels a queued message. 409 for any other status. */
export async function cancelMessage(db: Db, id: number, actor: Actor): Promise<MailMessageDetail> {
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${mailMessages} set status = 'cancelled', locked_by = null, locked_until = null, updated_at = now()
          where id = ${id} and status = 'queued' returning id`,
    );
    if (rows.length === 0) {
      const status = await currentStatus(tx, id);
      throw new ApiError(409, `Only queued messages can be cancelled, and this one is ${status}: ${WHY_NOT[status]}.`);
    }
    await recordActivity(tx, {
      userId: actor.userId,
      action: "mail_message.cancel",
      entity: "mail_messages",
      entityId: id,
      before: { status: "queued" },
      after: { status: "cancelled" },
      requestId: actor.requestId,
    });
  });
  return getMessage(db, id);
}

/** Queues again every failed message the filters select (whatever their status filter says). */
export async function retryFailedMessages(db: Db, filters: MessageFilters, actor: Actor): Promise<{ retried: number }> {
  return db.transaction(async (tx) => {
    const where = [sql`m.status = 'failed'`, ...filterConditions(filters, false)];
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with retried as (
            update ${mailMessages} m set status = 'queued', attempts = 0, next_attempt_at = now(), last_error = null,
              locked_by = null, locked_until = null, updated_at = now()
            where ${sql.join(where, sql` and `)}
            returning 1)
          select count(*)::int as n from retried`,
    );
    const retried = Number(row?.n ?? 0);
    const { status: _ignored, ...applied } = filters;
    await recordActivity(tx, {
      userId: actor.userId,
      action: "mail_message.retry_failed",
      entity: "mail_messages",
      entityId: null,
      before: { status: "failed", filters: applied },
      after: { status: "queued", retried },
      requestId: actor.requestId,
    });
    return { retried };
  });
}
