import { emailAddress } from "@repo/contracts/mail";
import { type DbOrTx, queryRows } from "@repo/db";
import { mailContents, mailMessages, mailTemplateVersions } from "@repo/db/schema";
import { eq, sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
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
  /**
   * Queues the mail at most once under this key (a job that may run again, a receipt): a second
   * call queues nothing and answers the first message's id.
   */
  onceKey?: string;
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
  const existing = () => queryRows<{ id: number }>(db, sql`select id from ${mailContents} where dedupe_key = ${key}`);
  const [found] = await existing();
  if (found) return Number(found.id);
  const [inserted] = await queryRows<{ id: number }>(
    db,
    sql`insert into ${mailContents} (template_version_id, dedupe_key, subject, html, text)
        select v.id, ${key}, v.subject, v.html, v.text from ${mailTemplateVersions} v where v.id = ${versionId}
        on conflict (dedupe_key) do nothing
        returning id`,
  );
  if (inserted) return Number(inserted.id);
  // Another transaction inserted the row first: this insert waited for it to commit, and only a
  // new statement sees that row (one statement keeps the snapshot from before the wait).
  const [theirs] = await existing();
  if (!theirs) throw new Error(`mail template version ${versionId} has no content row and none could be made`);
  return Number(theirs.id);
}

/** One mail of a batch: everything but the template and language, which the batch shares. */
export type BatchMail = Omit<EnqueueMailInput, "templateKey" | "language">;

/** The addresses of a mail, checked (refused with the field's name). */
function checkedAddresses(input: BatchMail) {
  return {
    to: checkAddress("to", input.to),
    cc: (input.cc ?? []).map((address, i) => checkAddress(`cc.${i}`, address)),
    replyTo: input.replyTo ? checkAddress("reply_to", input.replyTo) : null,
  };
}

/** The template version a mail is queued from, parsed, with its shared content row. */
async function resolveTemplate(db: DbOrTx, templateKey: string, language: string) {
  const template = await findTemplateVersion(db, templateKey, language);
  if (!template) throw await templateRefusal(db, templateKey, language);
  const parsed = parsedContent(`version:${template.versionId}`, template);
  return { template, parsed, contentId: await contentOfVersion(db, template.versionId) };
}

/** The queue row of one mail; refuses a missing variable or a line break in the subject. */
function messageRow(
  { template, parsed, contentId }: Awaited<ReturnType<typeof resolveTemplate>>,
  input: BatchMail,
  addresses: ReturnType<typeof checkedAddresses>,
) {
  checkValues(parsed.subject, parsed.html, input.variables);
  // Keep the values the template uses, nothing else.
  const values: Record<string, string> = {};
  for (const name of template.variables) {
    const value = input.variables[name];
    if (value !== undefined) values[name] = value;
  }
  return {
    toAddress: addresses.to,
    cc: addresses.cc,
    replyTo: addresses.replyTo,
    templateKey: template.key,
    language: template.language,
    contentId,
    variables: values,
    subject: fillSubject(parsed.subject, values),
    queuedBy: input.queuedBy ?? null,
    onceKey: input.onceKey ?? null,
  };
}

const onceKeyConflict = { target: mailMessages.onceKey, where: sql`${mailMessages.onceKey} is not null` };

/**
 * Queues one mail from a template and returns the message's id. Refuses (ApiError) an unknown or
 * disabled template (422), an invalid address (422; 400 for a line break), a variable without a
 * value (422 naming it), a line break in a value used in the subject (400). Works inside the
 * caller's transaction: the mail is queued only if the caller's work commits.
 */
export async function enqueueMail(db: DbOrTx, input: EnqueueMailInput): Promise<number> {
  const addresses = checkedAddresses(input);
  const resolved = await resolveTemplate(db, input.templateKey, input.language);
  const [row] = await db
    .insert(mailMessages)
    .values(messageRow(resolved, input, addresses))
    .onConflictDoNothing(onceKeyConflict)
    .returning({ id: mailMessages.id });
  if (row) return Number(row.id);
  const [first] = await db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.onceKey, String(input.onceKey)));
  return Number(first?.id);
}

/**
 * Queues many mails of one template and language with one lookup and one insert (the receipts of
 * a batch of payments), with enqueueMail's checks, all made before anything is queued. Returns how
 * many were queued: a mail whose once-key was queued before is not queued again.
 */
export async function enqueueMailBatch(
  db: DbOrTx,
  templateKey: string,
  language: string,
  mails: readonly BatchMail[],
): Promise<number> {
  if (mails.length === 0) return 0;
  const addresses = mails.map(checkedAddresses);
  const resolved = await resolveTemplate(db, templateKey, language);
  const rows = mails.map((mail, i) => messageRow(resolved, mail, addresses[i] as ReturnType<typeof checkedAddresses>));
  const inserted = await db
    .insert(mailMessages)
    .values(rows)
    .onConflictDoNothing(onceKeyConflict)
    .returning({ id: mailMessages.id });
  return inserted.length;
}
