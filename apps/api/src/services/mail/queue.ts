import { emailAddress } from "@repo/contracts/mail";
import { type DbOrTx, queryRows } from "@repo/db";
import { mailContents, mailMessages, mailTemplateVersions } from "@repo/db/schema";
import { sql } from "drizzle-orm";
import { ApiError } from "../../http/errors";
import { checkValues, fillSubject, parsedContent } from "./render";
import { findTemplateVersion, templateRefusal } from "./templates";

/**
 * Queueing mail. `enqueueMail` is THE way a feature sends mail: it picks the template (the
 * language asked for, else English), checks the addresses and the values, and adds one message to
 * the queue that the delivery worker empties. The rendered HTML is not stored per message: the
 * message points at content shared by every message of the same template version.
 */

export interface EnqueueMailInput {
  templateKey: string;
  /** ISO 639-1 code; English is used when the template has no enabled version in it. */
  language: string;
  to: string;
  cc?: readonly string[];
  /** Where replies go (checked like `to`). */
  replyTo?: string;
  variables: Record<string, string>;
  /** The user on whose behalf the mail goes (null for the system). */
  queuedBy?: number | null;
}

/** Why an address is refused, or null when it is a valid address. */
export function addressProblem(address: string): string | null {
  const result = emailAddress.safeParse(address);
  return result.success ? null : (result.error.issues[0]?.message ?? "Enter a valid e-mail address");
}

function checkAddress(field: string, address: string): string {
  const result = emailAddress.safeParse(address);
  if (!result.success) {
    const reason = result.error.issues[0]?.message ?? "Enter a valid e-mail address";
    // A line break in an address is a header injection: refused like any malformed request.
    const status = /[\r\n]/.test(address) ? 400 : 422;
    throw new ApiError(status, `${field}: ${reason} ("${address.replace(/[\r\n]/g, " ").slice(0, 80)}")`, [
      { field, message: reason },
    ]);
  }
  return result.data;
}

/**
 * The shared content row of a template version (created on first use). Safe in a caller's
 * transaction and between instances: the unique dedupe key makes a second insert a no-op.
 */
export async function contentOfVersion(db: DbOrTx, versionId: number): Promise<number> {
  const key = `version:${versionId}`;
  const [inserted] = await queryRows<{ id: number }>(
    db,
    sql`insert into ${mailContents} (template_version_id, dedupe_key, subject, html, text)
        select v.id, ${key}, v.subject, v.html, v.text from ${mailTemplateVersions} v where v.id = ${versionId}
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  if (inserted) return Number(inserted.id);
  const [existing] = await queryRows<{ id: number }>(db, sql`select id from ${mailContents} where dedupe_key = ${key}`);
  return Number(existing?.id);
}

/**
 * Queues one mail from a template and returns the message's id. Refuses (ApiError) an unknown or
 * disabled template (422), an invalid address (422; 400 for a line break), a variable without a
 * value (422 naming it), a line break in a value used in the subject (400). Works inside the
 * caller's transaction: the mail is queued only if the caller's work commits.
 */
export async function enqueueMail(db: DbOrTx, input: EnqueueMailInput): Promise<number> {
  const to = checkAddress("to", input.to);
  const cc = (input.cc ?? []).map((address, i) => checkAddress(`cc.${i}`, address));
  const replyTo = input.replyTo ? checkAddress("reply_to", input.replyTo) : null;
  const template = await findTemplateVersion(db, input.templateKey, input.language);
  if (!template) throw await templateRefusal(db, input.templateKey, input.language);
  const parsed = parsedContent(`version:${template.versionId}`, template);
  checkValues(parsed.subject, parsed.html, input.variables);
  // Keep the values the template uses, nothing else.
  const values: Record<string, string> = {};
  for (const name of template.variables) {
    const value = input.variables[name];
    if (value !== undefined) values[name] = value;
  }
  const contentId = await contentOfVersion(db, template.versionId);
  const [row] = await db
    .insert(mailMessages)
    .values({
      toAddress: to,
      cc,
      replyTo,
      templateKey: template.key,
      language: template.language,
      contentId,
      variables: values,
      subject: fillSubject(parsed.subject, values),
      queuedBy: input.queuedBy ?? null,
    })
    .returning({ id: mailMessages.id });
  return Number(row?.id);
}
