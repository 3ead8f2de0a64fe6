import { ROLE } from "@repo/auth/roles";
import {
  type AudienceSummary,
  type CampaignItem,
  type campaignListBody,
  mailAudience,
  type previewMailBody,
  type RenderedMail,
  type SendMailBody,
} from "@repo/contracts/mail";
import {
  type CAMPAIGN_STATUSES,
  MAIL_STATUSES,
  type MailStatus,
  RECIPIENT_VARIABLES,
} from "@repo/contracts/mail-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { jobs, mailCampaigns, mailContents, mailMessages, users } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { enqueueJob, type JobContext, JobError } from "../../kernel/jobs/jobs";
import { containing, idsIn } from "../../kernel/sql";
import { checkAudienceAllowed, describeAudience, resolveAudience, type Sender } from "./audience";
import { intId } from "./inputs";
import { checkTemplate, checkValues, fillSubject, type Parsed, renderTemplate } from "./render";
import { findTemplateVersion, previewOf, templateRefusal } from "./templates";

/**
 * Campaigns: one "send mail" to an audience. Sending checks everything a person can get wrong
 * (the audience, the template or the composed subject and body, the shared values) and answers at
 * once; the expansion of the audience into messages runs as a job (`mail.campaign`), which inserts
 * the messages in batches. The HTML is stored once per campaign (a mail_contents row); each
 * message holds its recipient's values and its subject.
 */

export const MAIL_CAMPAIGN_JOB = "mail.campaign";
/** Messages inserted per statement by the expansion job. */
const INSERT_BATCH = 5000;

type PreviewMailBody = z.output<typeof previewMailBody>;
type CampaignListBody = z.output<typeof campaignListBody>;

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());
const NO_ONE = "No one to send to: nobody in this audience has a valid e-mail address. Change the audience.";

/** What a campaign sends: the templates (with {{ variables }}) and the values every recipient shares. */
interface CampaignContent {
  templateKey: string | null;
  language: string;
  templateVersionId: number | null;
  subject: string;
  html: string;
  text: string | null;
  variables: string[];
  shared: Record<string, string>;
  parsed: { subject: Parsed; html: Parsed };
}

const RECIPIENT = new Set<string>(RECIPIENT_VARIABLES);

/** The template (language asked for, else English) or the composed subject and body, checked. */
async function resolveContent(
  db: DbOrTx,
  body: SendMailBody | PreviewMailBody,
  mode: "send" | "preview",
): Promise<CampaignContent> {
  const language = body.language ?? "en";
  let content: Omit<CampaignContent, "shared" | "parsed">;
  if (body.template_key !== undefined) {
    if (body.subject !== undefined || body.body !== undefined) {
      const message = "Leave subject and body out when a template is chosen (or choose no template)";
      throw new ApiError(400, message, [{ field: body.subject !== undefined ? "subject" : "body", message }]);
    }
    const template = await findTemplateVersion(db, body.template_key, language);
    if (!template) throw await templateRefusal(db, body.template_key, language);
    content = { ...template, templateKey: template.key, templateVersionId: template.versionId };
  } else {
    const rendered = renderTemplate(body.subject ?? "", body.body ?? "", language);
    content = { ...rendered, templateKey: null, language, templateVersionId: null };
  }
  const parsed = { subject: checkTemplate("subject", content.subject), html: checkTemplate("body", content.html) };
  const shared: Record<string, string> = {};
  for (const name of content.variables) {
    const value = body.variables[name];
    if (value !== undefined && !RECIPIENT.has(name)) shared[name] = value;
  }
  // A person sending a campaign left a field empty: that is a missing value, not a blank in every mail.
  if (mode === "send") {
    checkValues(parsed.subject, parsed.html, shared, { exempt: RECIPIENT_VARIABLES, emptyIsMissing: true });
  }
  return { ...content, shared, parsed };
}

/** The values of one recipient's message: the ones its content uses. */
function recipientValues(variables: readonly string[], recipient: { email: string; name: string }) {
  const values: Record<string, string> = {};
  if (variables.includes("name")) values.name = recipient.name;
  if (variables.includes("email")) values.email = recipient.email;
  return values;
}

/** How many the audience reaches, who is refused and why, and a few of them. */
export async function audienceSummary(db: DbOrTx, audience: SendMailBody["audience"], sender: Sender) {
  const resolved = await resolveAudience(db, audience, sender);
  const summary: AudienceSummary = {
    count: resolved.recipients.length,
    invalid: resolved.invalid,
    invalid_total: resolved.invalidTotal,
    sample: resolved.recipients.slice(0, 5).map((r) => ({ email: r.email, name: r.name })),
  };
  return summary;
}

/** The mail the first recipient of the audience would get (missing values shown as {{ name }}). */
export async function previewMail(db: DbOrTx, body: PreviewMailBody, sender: Sender): Promise<RenderedMail> {
  checkAudienceAllowed(body.audience, sender);
  const content = await resolveContent(db, body, "preview");
  const { recipients } = await resolveAudience(db, body.audience, sender);
  const first = recipients[0];
  if (!first) throw new ApiError(422, NO_ONE, [{ field: "audience", message: NO_ONE }]);
  const values = { ...content.shared, name: first.name, email: first.email };
  return previewOf(content, values);
}

/**
 * Sends a campaign: answers once the campaign and its job are saved (the route says 202). An
 * audience of no one, an unknown or disabled template, a syntax error or a missing value is
 * refused before anything is saved.
 */
export async function sendMail(
  db: Db,
  body: SendMailBody,
  sender: Sender & Pick<Actor, "requestId">,
): Promise<CampaignItem> {
  checkAudienceAllowed(body.audience, sender);
  const content = await resolveContent(db, body, "send");
  const audience = await resolveAudience(db, body.audience, sender);
  if (audience.recipients.length === 0) throw new ApiError(422, NO_ONE, [{ field: "audience", message: NO_ONE }]);
  const audienceText = await describeAudience(db, body.audience, sender);
  const subject = fillSubject(content.parsed.subject, content.shared, "literal");
  const id = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(mailContents)
      .values({
        templateVersionId: content.templateVersionId,
        subject: content.subject,
        html: content.html,
        text: content.text,
        variables: content.shared,
      })
      .returning({ id: mailContents.id });
    const [campaign] = await tx
      .insert(mailCampaigns)
      .values({
        subject,
        templateKey: content.templateKey,
        language: content.language,
        contentId: Number(stored?.id),
        audience: body.audience,
        audienceText,
        senderRoleId: sender.roleId,
        createdBy: sender.userId,
      })
      .returning({ id: mailCampaigns.id });
    const campaignId = Number(campaign?.id);
    const jobId = await enqueueJob(tx, {
      kind: MAIL_CAMPAIGN_JOB,
      payload: { campaign_id: campaignId },
      createdBy: sender.userId,
    });
    await tx.execute(sql`update ${mailCampaigns} set job_id = ${jobId} where id = ${campaignId}`);
    await recordActivity(tx, {
      userId: sender.userId,
      action: "mail_campaign.send",
      entity: "mail_campaigns",
      entityId: campaignId,
      after: {
        subject,
        template_key: content.templateKey,
        language: content.language,
        audience: body.audience,
        audience_text: audienceText,
        recipients: audience.recipients.length,
        invalid: audience.invalidTotal,
        job_id: jobId,
      },
      requestId: sender.requestId,
    });
    return campaignId;
  });
  return getCampaign(db, id, sender);
}

/**
 * The `mail.campaign` job: expands the campaign's audience into messages, in batches, reporting
 * progress. Idempotent: a second run (after a crash) adds only the addresses not yet queued.
 */
export async function runCampaignJob({ db, job, progress }: JobContext) {
  const campaignId = Number(job.payload.campaign_id);
  const [campaign] = await queryRows<{
    id: number;
    template_key: string | null;
    language: string;
    content_id: number;
    audience: unknown;
    sender_role_id: number;
    created_by: number | null;
    subject: string;
    html: string;
    variables: Record<string, string> | string;
  }>(
    db,
    sql`select c.id, c.template_key, c.language, c.content_id, c.audience, c.sender_role_id, c.created_by,
          mc.subject, mc.html, mc.variables
        from ${mailCampaigns} c join ${mailContents} mc on mc.id = c.content_id
        where c.id = ${campaignId}`,
  );
  if (!campaign) throw new JobError(`Campaign ${campaignId} no longer exists`);
  const audience = mailAudience.parse(
    typeof campaign.audience === "string" ? JSON.parse(campaign.audience) : campaign.audience,
  );
  const shared = typeof campaign.variables === "string" ? JSON.parse(campaign.variables) : campaign.variables;
  const sender = { userId: Number(campaign.created_by ?? 0), roleId: Number(campaign.sender_role_id) };
  const { recipients, invalidTotal } = await resolveAudience(db, audience, sender);
  const subject = checkTemplate("subject", campaign.subject);
  const variables = [...subject.variables, ...checkTemplate("body", campaign.html).variables];
  await progress(0, recipients.length);
  let queued = 0;
  for (let start = 0; start < recipients.length; start += INSERT_BATCH) {
    const batch = recipients.slice(start, start + INSERT_BATCH).map((recipient) => {
      const own = recipientValues(variables, recipient);
      return { t: recipient.email, s: fillSubject(subject, { ...shared, ...own }, "literal"), v: own };
    });
    const inserted = await queryRows<{ n: number }>(
      db,
      sql`with added as (
            insert into ${mailMessages} (to_address, template_key, language, content_id, variables, subject, campaign_id, queued_by)
            select r.t, ${campaign.template_key}, ${campaign.language}, ${campaign.content_id}, r.v, r.s, ${campaignId}, ${campaign.created_by}
            from json_to_recordset(${JSON.stringify(batch)}::json) as r(t text, s text, v jsonb)
            on conflict (campaign_id, lower(to_address)) where campaign_id is not null do nothing
            returning 1)
          select count(*)::int as n from added`,
    );
    queued += Number(inserted[0]?.n ?? 0);
    await progress(Math.min(start + INSERT_BATCH, recipients.length));
  }
  await db.execute(
    sql`update ${mailCampaigns} set invalid = ${invalidTotal}, prepared_at = now() where id = ${campaignId}`,
  );
  return { campaign_id: campaignId, recipients: recipients.length, queued, invalid: invalidTotal };
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

interface CampaignRow {
  id: number;
  subject: string;
  template_key: string | null;
  audience_text: string;
  invalid: number;
  created_at: string | Date;
  created_by: string | null;
  job_id: number | null;
  job_status: string | null;
}

const selectCampaigns = sql`
  select c.id, c.subject, c.template_key, c.audience_text, c.invalid, c.created_at, u.name as created_by,
         c.job_id, j.status as job_status
  from ${mailCampaigns} c
  left join ${users} u on u.id = c.created_by
  left join ${jobs} j on j.id = c.job_id`;

/** The outbox sees every campaign; anyone else the campaigns they sent. */
const visibleTo = (viewer: Sender): SQL =>
  viewer.roleId === ROLE.outbox ? sql`true` : sql`c.created_by = ${viewer.userId}`;

async function withCounts(db: DbOrTx, rows: CampaignRow[]): Promise<CampaignItem[]> {
  const ids = rows.map((row) => Number(row.id));
  const counted = ids.length
    ? await queryRows<{ campaign_id: number; status: MailStatus; n: number }>(
        db,
        sql`select campaign_id, status, count(*)::int as n from ${mailMessages}
            where ${idsIn(sql`campaign_id`, ids)} group by campaign_id, status`,
      )
    : [];
  return rows.map((row) => {
    const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
    for (const c of counted) if (Number(c.campaign_id) === Number(row.id)) counts[c.status] = Number(c.n);
    const total = MAIL_STATUSES.reduce((sum, status) => sum + counts[status], 0);
    const preparing = row.job_status === "queued" || row.job_status === "running";
    const status: (typeof CAMPAIGN_STATUSES)[number] = preparing
      ? "preparing"
      : counts.queued + counts.sending > 0
        ? "sending"
        : "done";
    return {
      id: Number(row.id),
      subject: row.subject,
      template_key: row.template_key,
      audience: row.audience_text,
      status,
      total,
      counts,
      invalid: Number(row.invalid),
      created_at: iso(row.created_at) ?? "",
      created_by: row.created_by,
      job_id: row.job_id == null ? null : Number(row.job_id),
    };
  });
}

export async function listCampaigns(db: DbOrTx, body: CampaignListBody, viewer: Sender): Promise<Page<CampaignItem>> {
  const where: SQL[] = [visibleTo(viewer)];
  if (body.search) {
    const like = containing(body.search);
    where.push(sql`(c.subject ilike ${like} or c.audience_text ilike ${like} or c.template_key ilike ${like})`);
  }
  const condition = sql.join(where, sql` and `);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${mailCampaigns} c where ${condition}`,
  );
  const rows = await queryRows<CampaignRow>(
    db,
    sql`${selectCampaigns} where ${condition} order by c.created_at desc, c.id desc
        limit ${body.per_page} offset ${(body.page - 1) * body.per_page}`,
  );
  return pageOf(await withCounts(db, rows), Number(counted?.n ?? 0), body.page, body.per_page);
}

/** One campaign with live counts; 404 for a campaign the viewer may not see. */
export async function getCampaign(db: DbOrTx, id: number, viewer: Sender): Promise<CampaignItem> {
  intId(id, "Campaign");
  const rows = await queryRows<CampaignRow>(db, sql`${selectCampaigns} where c.id = ${id} and ${visibleTo(viewer)}`);
  const [item] = await withCounts(db, rows);
  if (!item) throw notFound("Campaign");
  return item;
}
