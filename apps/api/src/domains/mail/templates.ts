import { languageName } from "@repo/contracts/languages";
import type {
  MailTemplateItem,
  MailTemplateOption,
  RenderedMail,
  TemplateListBody,
  templateCreateBody,
  templatePreviewBody,
  templateUpdateBody,
} from "@repo/contracts/mail";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { mailTemplates, mailTemplateVersions, users } from "@repo/db/schema";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing, PG_UNIQUE_VIOLATION, pgCode } from "../../kernel/sql";
import { intId } from "./inputs";
import { checkTemplate, htmlToPlainText, type Parsed, renderParts, renderTemplate } from "./render";

type TemplateCreateBody = z.output<typeof templateCreateBody>;
type TemplateUpdateBody = z.output<typeof templateUpdateBody>;
type TemplatePreviewBody = z.output<typeof templatePreviewBody>;

const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());

interface TemplateRow {
  id: number;
  key: string;
  language: string;
  name: string;
  enabled: boolean;
  built_in: boolean;
  version: number;
  updated_at: string | Date;
  updated_by: string | null;
  subject: string;
  body: string;
  variables: string[] | string;
}

const jsonArray = (value: string[] | string): string[] => (typeof value === "string" ? JSON.parse(value) : value);

function toItem(row: TemplateRow): MailTemplateItem {
  return {
    id: Number(row.id),
    key: row.key,
    language: row.language,
    name: row.name,
    subject: row.subject,
    body: row.body,
    variables: jsonArray(row.variables),
    enabled: row.enabled,
    version: Number(row.version),
    built_in: row.built_in,
    updated_at: iso(row.updated_at) ?? "",
    updated_by: row.updated_by,
  };
}

/** Templates with their active version (aliases t, v) and who saved them last. */
const selectTemplates = sql`
  select t.id, t.key, t.language, t.name, t.enabled, t.built_in, t.version, t.updated_at, u.name as updated_by,
         v.subject, v.body, v.variables
  from ${mailTemplates} t
  join ${mailTemplateVersions} v on v.template_id = t.id and v.version = t.version
  left join ${users} u on u.id = t.updated_by`;

const whereClause = (parts: SQL[]) => (parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``);

/** The outbox's template list: search by key or name, filter by language and enabled. */
export async function listTemplates(db: DbOrTx, body: TemplateListBody): Promise<Page<MailTemplateItem>> {
  const where: SQL[] = [];
  if (body.search) {
    const like = containing(body.search);
    where.push(sql`(t.key ilike ${like} or t.name ilike ${like})`);
  }
  if (body.language) where.push(sql`t.language = ${body.language}`);
  if (body.enabled !== undefined) where.push(sql`t.enabled = ${body.enabled}`);
  const condition = whereClause(where);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${mailTemplates} t${condition}`,
  );
  const rows = await queryRows<TemplateRow>(
    db,
    sql`${selectTemplates}${condition}
        order by t.key, t.language = 'en' desc, t.language, t.id
        limit ${body.per_page} offset ${(body.page - 1) * body.per_page}`,
  );
  return pageOf(rows.map(toItem), Number(counted?.n ?? 0), body.page, body.per_page);
}

/** One template with every version, newest first. */
export async function getTemplate(db: DbOrTx, id: number) {
  intId(id, "Template");
  const [row] = await queryRows<TemplateRow>(db, sql`${selectTemplates} where t.id = ${id}`);
  if (!row) throw notFound("Template");
  const versions = await queryRows<{
    version: number;
    subject: string;
    body: string;
    created_at: string | Date;
    created_by: string | null;
  }>(
    db,
    sql`select v.version, v.subject, v.body, v.created_at, u.name as created_by
        from ${mailTemplateVersions} v left join ${users} u on u.id = v.created_by
        where v.template_id = ${id} order by v.version desc`,
  );
  return {
    ...toItem(row),
    versions: versions.map((v) => ({
      version: Number(v.version),
      subject: v.subject,
      body: v.body,
      created_at: iso(v.created_at) ?? "",
      created_by: v.created_by,
    })),
  };
}

function duplicate(key: string, language: string) {
  return new ApiError(
    409,
    `A template "${key}" in ${languageName(language)} already exists. Open it and save a new version instead.`,
    [{ field: "key", message: "Choose another key or language: this pair is taken" }],
  );
}

/** A new template (key + language unique): its version 1. */
export async function createTemplate(db: Db, body: TemplateCreateBody, actor: Actor) {
  const rendered = renderTemplate(body.subject, body.body, body.language);
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [template] = await tx
        .insert(mailTemplates)
        .values({ key: body.key, language: body.language, name: body.name, version: 1, updatedBy: actor.userId })
        .returning({ id: mailTemplates.id });
      const id = Number(template?.id);
      await tx.insert(mailTemplateVersions).values({
        templateId: id,
        version: 1,
        subject: rendered.subject,
        body: rendered.body,
        html: rendered.html,
        text: rendered.text,
        variables: rendered.variables,
        createdBy: actor.userId,
      });
      await recordActivity(tx, {
        userId: actor.userId,
        action: "mail_template.create",
        entity: "mail_templates",
        entityId: id,
        after: { key: body.key, language: body.language, name: body.name, subject: rendered.subject, version: 1 },
        requestId: actor.requestId,
      });
      return id;
    });
  } catch (error) {
    if (pgCode(error) === PG_UNIQUE_VIOLATION) throw duplicate(body.key, body.language);
    throw error;
  }
  return getTemplate(db, id);
}

/** Saves a change as the template's next version, which becomes the active one. */
export async function updateTemplate(db: Db, id: number, body: TemplateUpdateBody, actor: Actor) {
  intId(id, "Template");
  await db.transaction(async (tx) => {
    // The row lock makes two saves at once take turns, so each gets its own version number.
    const [current] = await queryRows<{ language: string; name: string; version: number; last: number }>(
      tx,
      sql`select t.language, t.name, t.version,
            (select max(v.version) from ${mailTemplateVersions} v where v.template_id = t.id) as last
          from ${mailTemplates} t where t.id = ${id} for update`,
    );
    if (!current) throw notFound("Template");
    const rendered = renderTemplate(body.subject, body.body, current.language);
    const version = Number(current.last ?? current.version) + 1;
    await tx.insert(mailTemplateVersions).values({
      templateId: id,
      version,
      subject: rendered.subject,
      body: rendered.body,
      html: rendered.html,
      text: rendered.text,
      variables: rendered.variables,
      createdBy: actor.userId,
    });
    await tx.execute(
      sql`update ${mailTemplates} set name = ${body.name}, version = ${version}, updated_at = now(), updated_by = ${actor.userId}
          where id = ${id}`,
    );
    await recordActivity(tx, {
      userId: actor.userId,
      action: "mail_template.update",
      entity: "mail_templates",
      entityId: id,
      before: { name: current.name, version: Number(current.version) },
      after: { name: body.name, subject: rendered.subject, version },
      requestId: actor.requestId,
    });
  });
  return getTemplate(db, id);
}

/** Turns a template on or off (a disabled template cannot be sent). */
export async function setTemplateEnabled(db: Db, id: number, enabled: boolean, actor: Actor) {
  intId(id, "Template");
  await db.transaction(async (tx) => {
    const [before] = await queryRows<{ enabled: boolean }>(
      tx,
      sql`select enabled from ${mailTemplates} where id = ${id} for update`,
    );
    if (!before) throw notFound("Template");
    await tx.execute(
      sql`update ${mailTemplates} set enabled = ${enabled}, updated_at = now(), updated_by = ${actor.userId} where id = ${id}`,
    );
    await recordActivity(tx, {
      userId: actor.userId,
      action: enabled ? "mail_template.enable" : "mail_template.disable",
      entity: "mail_templates",
      entityId: id,
      before: { enabled: before.enabled },
      after: { enabled },
      requestId: actor.requestId,
    });
  });
  return getTemplate(db, id);
}

/**
 * Renders a subject and body with sample values, saving nothing. A variable without a sample
 * stays as the literal {{ name }} and is listed in `missing`.
 */
export function previewTemplate(body: TemplatePreviewBody & { language?: string | undefined }): RenderedMail {
  const rendered = renderTemplate(body.subject, body.body, body.language ?? "en");
  return previewOf(rendered, body.variables);
}

/** The preview of rendered templates with (some) values. */
export function previewOf(
  templates: { subject: string; html: string; text: string | null; variables: string[] },
  values: Record<string, string>,
): RenderedMail {
  const subject = checkTemplate("subject", templates.subject);
  const html = checkTemplate("body", templates.html);
  const text: Parsed | null = templates.text === null ? null : checkTemplate("body", templates.text);
  const parts = renderParts({ subject, html, text }, values, "literal");
  return {
    ...parts,
    text: parts.text || htmlToPlainText(parts.html),
    variables: templates.variables,
    missing: templates.variables.filter((name) => values[name] === undefined),
  };
}

/** Enabled templates for the compose screens' pickers. */
export async function templateOptions(db: DbOrTx): Promise<MailTemplateOption[]> {
  const rows = await queryRows<{ key: string; language: string; name: string; variables: string[] | string }>(
    db,
    sql`select t.key, t.language, t.name, v.variables
        from ${mailTemplates} t join ${mailTemplateVersions} v on v.template_id = t.id and v.version = t.version
        where t.enabled
        order by t.name, t.key, t.language = 'en' desc, t.language`,
  );
  return rows.map((row) => ({
    key: row.key,
    language: row.language,
    name: row.name,
    variables: jsonArray(row.variables),
  }));
}

/** The active version of the enabled template for a key, in `language` or else in English. */
export async function findTemplateVersion(
  db: DbOrTx,
  key: string,
  language: string,
): Promise<{
  versionId: number;
  key: string;
  language: string;
  subject: string;
  html: string;
  text: string | null;
  variables: string[];
} | null> {
  const [row] = await queryRows<{
    version_id: number;
    key: string;
    language: string;
    subject: string;
    html: string;
    text: string | null;
    variables: string[] | string;
  }>(
    db,
    sql`select v.id as version_id, t.key, t.language, v.subject, v.html, v.text, v.variables
        from ${mailTemplates} t join ${mailTemplateVersions} v on v.template_id = t.id and v.version = t.version
        where t.key = ${key} and t.enabled and t.language in (${language}, 'en')
        order by t.language = ${language} desc
        limit 1`,
  );
  if (!row) return null;
  return {
    versionId: Number(row.version_id),
    key: row.key,
    language: row.language,
    subject: row.subject,
    html: row.html,
    text: row.text,
    variables: jsonArray(row.variables),
  };
}

/** Why a key cannot be sent: it does not exist, or it is disabled. */
export async function templateRefusal(db: DbOrTx, key: string, language: string, field = "template_key") {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${mailTemplates} where key = ${key}`,
  );
  const exists = Number(row?.n ?? 0) > 0;
  const message = exists
    ? `The template "${key}" is disabled in ${languageName(language)} and in English. Enable it in the outbox's templates first.`
    : `There is no template "${key}". Pick one of the templates in the list.`;
  return new ApiError(422, message, [{ field, message }]);
}
