/**
 * Raised requests (docs/domain.md, Fees and payments): a payer (school, institute, master institute) asks pay support
 * about a payment; pay support moves the request along RAISED_REQUEST_TRANSITIONS, each change with
 * a comment that the requester sees on its page and receives by mail.
 */
import { pagePath } from "@repo/auth/menus";
import { ROLE } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import {
  ORDER_STATUS_NAMES,
  orderIdOf,
  orderReference,
  RAISED_REQUEST_LIMITS,
  RAISED_REQUEST_STATUS_NAMES,
  RAISED_REQUEST_TRANSITIONS,
  type RaisedRequestStatus,
} from "@repo/contracts/payments-constants";
import type {
  RaisedRequestDetail,
  RaisedRequestQuery,
  RaisedRequestRow,
  RaiseRequestBody,
} from "@repo/contracts/raised-requests";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import type { Services } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { acceptUpload, type ServedFile, storeUpload, type UploadRule } from "../../kernel/files";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import type { Upload } from "../../kernel/http/multipart";
import { containing } from "../../kernel/sql";
import { enqueueMail } from "../mail/index";

/** Who reads raised requests: pay support reads every one, a payer only those it raised. */
export interface RequestViewer {
  userId: number;
  roleId: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

export const ATTACHMENT_RULE: UploadRule = {
  field: "attachment",
  what: "The attachment",
  kinds: ["pdf", "jpeg", "png", "webp"],
  maxBytes: RAISED_REQUEST_LIMITS.attachmentMaxBytes,
};

interface RequestRow {
  id: number;
  subject: string;
  status: RaisedRequestStatus;
  requester_name: string;
  requester_username: string;
  order_id: number | null;
  has_attachment: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  message: string;
  attachment_name: string | null;
}

const select = sql`select r.id, r.subject, r.status, coalesce(sc.name, mi.name, u.name) as requester_name,
    u.username as requester_username, r.order_id, r.attachment_key is not null as has_attachment,
    r.created_at, r.updated_at, r.message, r.attachment_name
  from raised_requests r
  join users u on u.id = r.raised_by
  left join schools sc on sc.id = r.school_id
  left join master_institutes mi on mi.id = r.master_institute_id`;

function rowOf(row: RequestRow): RaisedRequestRow {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    requester_name: row.requester_name,
    requester_username: row.requester_username,
    order_id: row.order_id,
    order_reference: row.order_id === null ? null : orderReference(row.order_id),
    has_attachment: row.has_attachment,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** Pay support sees every request; anyone else only the ones it raised. */
const scopeOf = (viewer: RequestViewer): SQL =>
  viewer.roleId === ROLE.paySupport ? sql`true` : sql`r.raised_by = ${viewer.userId}`;

function filtersOf(viewer: RequestViewer, query: Omit<RaisedRequestQuery, "page" | "per_page">): SQL {
  const where: SQL[] = [scopeOf(viewer)];
  if (query.status) where.push(sql`r.status = ${query.status}`);
  const term = query.search?.trim();
  if (term) {
    const id = orderIdOf(term);
    const like = containing(term);
    where.push(sql`(r.subject ilike ${like} or r.message ilike ${like} or sc.name ilike ${like}
      or mi.name ilike ${like} or u.username ilike ${like} ${id === null ? sql`` : sql`or r.order_id = ${id} or r.id = ${id}`})`);
  }
  return sql.join(where, sql` and `);
}

/** Requests newest first; open ones first for pay support, who answers them. */
export async function listRaisedRequests(
  db: Db,
  viewer: RequestViewer,
  query: RaisedRequestQuery,
): Promise<Page<RaisedRequestRow>> {
  const condition = filtersOf(viewer, query);
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = await Promise.all([
    queryRows<RequestRow>(
      db,
      sql`${select} where ${condition}
          order by (r.status in ('open', 'in_progress')) desc, r.created_at desc, r.id desc
          limit ${query.per_page} offset ${offset}`,
    ),
    queryRows<{ total: string | number }>(
      db,
      sql`select count(*) as total from raised_requests r join users u on u.id = r.raised_by
          left join schools sc on sc.id = r.school_id left join master_institutes mi on mi.id = r.master_institute_id
          where ${condition}`,
    ),
  ]);
  return pageOf(rows.map(rowOf), Number(count?.total ?? 0), query.page, query.per_page);
}

/** Every request a filter matches, in batches, for the list's export. */
export async function* raisedRequestsForExport(
  db: Db,
  viewer: RequestViewer,
  filters: Omit<RaisedRequestQuery, "page" | "per_page">,
): AsyncIterable<(RaisedRequestRow & { message: string })[]> {
  const condition = filtersOf(viewer, filters);
  let afterId = 0;
  for (;;) {
    const batch = await queryRows<RequestRow>(
      db,
      sql`${select} where ${condition} and r.id > ${afterId} order by r.id limit 500`,
    );
    if (batch.length === 0) return;
    yield batch.map((row) => ({ ...rowOf(row), message: row.message }));
    afterId = batch.at(-1)?.id ?? afterId;
  }
}

/** One request with its history; 404 when it is not the viewer's to see. */
export async function raisedRequest(db: DbOrTx, viewer: RequestViewer, id: number): Promise<RaisedRequestDetail> {
  const [row] = await queryRows<RequestRow & { order_status: string | null }>(
    db,
    sql`select x.*, o.status as order_status from (${select} where r.id = ${id} and ${scopeOf(viewer)}) x
        left join payment_orders o on o.id = x.order_id`,
  );
  if (!row) throw notFound(`Request ${id}`);
  const changes = await queryRows<{
    from_status: RaisedRequestStatus;
    to_status: RaisedRequestStatus;
    comment: string;
    changed_by: string;
    created_at: Date | string;
  }>(
    db,
    sql`select c.from_status, c.to_status, c.comment, c.created_at,
          case when u.role_id = ${ROLE.paySupport} then 'Pay support (' || u.name || ')' else u.name end as changed_by
        from raised_request_changes c join users u on u.id = c.changed_by
        where c.request_id = ${id} order by c.created_at, c.id`,
  );
  const status = row.order_status as keyof typeof ORDER_STATUS_NAMES | null;
  return {
    ...rowOf(row),
    message: row.message,
    attachment_name: row.attachment_name,
    order_status: status ? (ORDER_STATUS_NAMES[status] ?? status) : null,
    changes: changes.map((c) => ({ ...c, created_at: iso(c.created_at) })),
  };
}

/**
 * Raises a request for the signed-in payer. The order, when named, must be one the payer made;
 * the attachment is checked by content and stored before the row, and removed if the row fails.
 */
export async function raiseRequest(
  services: Pick<Services, "database" | "storage">,
  actor: Actor & { roleId: number },
  body: RaiseRequestBody,
  attachment: Upload | undefined,
): Promise<RaisedRequestDetail> {
  const { db } = services.database;
  const [payer] = await queryRows<{ school_id: number | null; master_institute_id: number | null }>(
    db,
    sql`select school_id, master_institute_id from users where id = ${actor.userId}`,
  );
  let orderId: number | null = null;
  if (body.order) {
    orderId = orderIdOf(body.order);
    const [order] =
      orderId === null
        ? []
        : await queryRows<{ id: number }>(
            db,
            sql`select id from payment_orders where id = ${orderId} and payer_user_id = ${actor.userId}`,
          );
    if (!order) throw invalidField("order", "Choose one of your own orders from the list, or leave it empty");
  }
  const accepted = await acceptUpload(attachment, ATTACHMENT_RULE);
  const key = accepted ? await storeUpload(services.storage, "raised-requests", accepted) : null;
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into raised_requests (raised_by, school_id, master_institute_id, order_id, subject, message,
              attachment_key, attachment_name, attachment_type)
            values (${actor.userId}, ${payer?.school_id ?? null}, ${payer?.master_institute_id ?? null}, ${orderId},
              ${body.subject}, ${body.message}, ${key}, ${accepted?.originalName ?? null}, ${accepted?.mime ?? null})
            returning id`,
      );
      const requestId = Number(row?.id);
      await recordActivity(tx, {
        userId: actor.userId,
        action: "raised-request.create",
        entity: "raised_requests",
        entityId: requestId,
        after: { subject: body.subject, order_id: orderId, attachment: accepted?.originalName ?? null },
        requestId: actor.requestId,
      });
      return requestId;
    });
    return raisedRequest(db, actor, id);
  } catch (error) {
    if (key) await services.storage.remove(key);
    throw error;
  }
}

/**
 * raisedRequest/changestatus/{id}/{status}: pay support moves a request on with a comment. Only
 * the moves of RAISED_REQUEST_TRANSITIONS are allowed (a resolved or rejected request is closed);
 * the requester gets the comment by mail.
 */
export async function changeRaisedRequestStatus(
  services: Pick<Services, "database" | "config">,
  actor: Actor & { roleId: number },
  id: number,
  status: RaisedRequestStatus,
  comment: string,
): Promise<RaisedRequestDetail> {
  const { db } = services.database;
  await db.transaction(async (tx) => {
    const [request] = await queryRows<{
      status: RaisedRequestStatus;
      subject: string;
      email: string | null;
    }>(
      tx,
      sql`select r.status, r.subject, coalesce(nullif(sc.email, ''), nullif(mi.email, ''), nullif(u.email, '')) as email
          from raised_requests r join users u on u.id = r.raised_by
          left join schools sc on sc.id = r.school_id left join master_institutes mi on mi.id = r.master_institute_id
          where r.id = ${id} for update of r`,
    );
    if (!request) throw notFound(`Request ${id}`);
    const allowed = RAISED_REQUEST_TRANSITIONS[request.status];
    if (!allowed.includes(status)) {
      throw new ApiError(
        409,
        allowed.length === 0
          ? `The request is already ${RAISED_REQUEST_STATUS_NAMES[request.status].toLowerCase()}; it cannot change any more.`
          : `A request that is ${RAISED_REQUEST_STATUS_NAMES[request.status].toLowerCase()} can move to ${allowed
              .map((s) => RAISED_REQUEST_STATUS_NAMES[s].toLowerCase())
              .join(" or ")}, not to ${RAISED_REQUEST_STATUS_NAMES[status].toLowerCase()}.`,
        [{ field: "status", message: "Choose one of the allowed statuses" }],
      );
    }
    await tx.execute(sql`update raised_requests set status = ${status}, updated_at = now() where id = ${id}`);
    await tx.execute(sql`insert into raised_request_changes (request_id, from_status, to_status, comment, changed_by)
      values (${id}, ${request.status}, ${status}, ${comment}, ${actor.userId})`);
    await recordActivity(tx, {
      userId: actor.userId,
      action: "raised-request.status",
      entity: "raised_requests",
      entityId: id,
      before: { status: request.status },
      after: { status, comment },
      requestId: actor.requestId,
    });
    if (request.email) {
      // In the same transaction: the requester is told exactly when the change is kept.
      await enqueueMail(tx, {
        templateKey: "raised-request-update",
        language: "en",
        to: request.email,
        variables: {
          subject: request.subject,
          status: RAISED_REQUEST_STATUS_NAMES[status],
          comment,
          request_url: `${services.config.schoolOrigin}${pagePath("school", "raised-requests")}?open=${id}`,
        },
        queuedBy: actor.userId,
      });
    }
  });
  return raisedRequest(db, actor, id);
}

/** The attachment of a request the viewer may see, as uploaded. */
export async function raisedRequestAttachment(
  services: Pick<Services, "database" | "storage">,
  viewer: RequestViewer,
  id: number,
): Promise<ServedFile> {
  const [row] = await queryRows<{ key: string | null; name: string | null; type: string | null }>(
    services.database.db,
    sql`select r.attachment_key as key, r.attachment_name as name, r.attachment_type as type
        from raised_requests r where r.id = ${id} and ${scopeOf(viewer)}`,
  );
  const bytes = row?.key ? await services.storage.get(row.key) : undefined;
  if (!row?.key || !bytes) throw notFound("Attachment");
  return { bytes, mime: row.type ?? "application/octet-stream", fileName: row.name ?? "attachment" };
}
