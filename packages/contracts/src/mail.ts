import { z } from "zod";
import { ID_RANGE_MESSAGE } from "./ids";
import { ID_MAX } from "./ids-constants";
import { LANGUAGE_CODES } from "./languages";
import {
  CAMPAIGN_STATUSES,
  MAIL_ATTEMPT_OUTCOMES,
  MAIL_BODY_MAX_BYTES,
  MAIL_LIST_MAX,
  MAIL_STATUSES,
  MAIL_SUBJECT_MAX,
  SCHOOL_PAYMENT_AUDIENCES,
  utf8Bytes,
} from "./mail-constants";
import { VARIABLE_NAME } from "./mail-template";
import { pageField, perPageField, searchField } from "./pagination";
import { ROLE_IDS } from "./roles-constants";

/**
 * The mail service (docs/domain.md, Services every feature shares): templates per key and
 * language, one queue of messages delivered by SMTP, and campaigns (one "send mail" to an
 * audience). Every feature sends mail through the API's `enqueueMail`; people send through the
 * outbox app (role 12) and the coordinator app's Send Mail page.
 */

// ── Fields ────────────────────────────────────────────────────────────────────────────────────

const noLineBreaks = (field: string) =>
  z.string().refine((value) => !/[\r\n]/.test(value), `${field} must be one line (no line breaks)`);

/** One e-mail address; line breaks are refused so that no header can be injected. */
export const emailAddress = z
  .string({ error: "Enter an e-mail address" })
  .trim()
  .max(254, "An e-mail address has at most 254 characters")
  .pipe(noLineBreaks("The address"))
  .pipe(z.email({ error: "Enter a valid e-mail address, like office@school.org" }));

export const mailSubject = z
  .string({ error: "subject is required" })
  .trim()
  .min(1, "Enter a subject")
  .max(MAIL_SUBJECT_MAX, `The subject can be at most ${MAIL_SUBJECT_MAX} characters`)
  .pipe(noLineBreaks("The subject"));

/** A mail body: HTML with {{ variables }}; at most MAIL_BODY_MAX_BYTES (413 beyond). */
export const mailBody = z
  .string({ error: "body is required" })
  .min(1, "Write the body of the mail")
  .refine(
    (value) => utf8Bytes(value) <= MAIL_BODY_MAX_BYTES,
    `The body can be at most ${MAIL_BODY_MAX_BYTES / 1_000_000} MB`,
  );

export const templateKeyField = z
  .string({ error: "key is required" })
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,59}$/, "key must be lower-case letters, digits and -, e.g. exam-reminder");

export const languageField = z.enum(LANGUAGE_CODES, { error: "language must be one of the 14 programme languages" });

/** Values for a template's variables, by name. */
export const variableValues = z.record(
  z.string().regex(VARIABLE_NAME, "variable names are lower-case letters, digits and _"),
  z.string().max(10_000, "a variable's value can be at most 10,000 characters"),
);

// ── Templates ─────────────────────────────────────────────────────────────────────────────────

export const mailTemplateItem = z.object({
  id: z.number().int(),
  key: z.string(),
  language: z.string(),
  /** What the template is for, in words ("School e-mail verification"). */
  name: z.string(),
  subject: z.string(),
  /** The source: HTML with {{ variables }} (what the editor edits). */
  body: z.string(),
  /** The variables subject and body need, in order of first use. */
  variables: z.array(z.string()),
  enabled: z.boolean(),
  /** Every save is a new version; this is the active one. */
  version: z.number().int(),
  built_in: z.boolean(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type MailTemplateItem = z.infer<typeof mailTemplateItem>;

export const mailTemplateVersion = z.object({
  version: z.number().int(),
  subject: z.string(),
  body: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

export const mailTemplateDetail = mailTemplateItem.extend({ versions: z.array(mailTemplateVersion) });

/** An enabled template as the compose screens' pickers list it. */
export const mailTemplateOption = z.object({
  key: z.string(),
  language: z.string(),
  name: z.string(),
  /** The variables subject and body need; `name` and `email` are filled per recipient. */
  variables: z.array(z.string()),
});
export type MailTemplateOption = z.infer<typeof mailTemplateOption>;

export const templateListBody = z.strictObject({
  page: pageField,
  per_page: perPageField,
  search: searchField,
  language: languageField.optional(),
  enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
});
export type TemplateListBody = z.infer<typeof templateListBody>;

/** A new template, or a new language version of an existing key. */
export const templateCreateBody = z.strictObject({
  key: templateKeyField,
  language: languageField,
  name: z.string().trim().min(2, "Name the template (at least 2 characters)").max(100),
  subject: mailSubject,
  body: mailBody,
});

/** A change to a template: saved as its next version. */
export const templateUpdateBody = z.strictObject({
  name: z.string().trim().min(2, "Name the template (at least 2 characters)").max(100),
  subject: mailSubject,
  body: mailBody,
});

export const templateEnableBody = z.strictObject({ enabled: z.boolean({ error: "enabled must be true or false" }) });

/** Renders a subject and body with sample values, without saving anything. */
export const templatePreviewBody = z.strictObject({
  subject: mailSubject,
  body: mailBody,
  variables: variableValues.default({}),
  /** The layout's language (its footer and writing direction); English when absent. */
  language: languageField.optional(),
});

export const renderedMail = z.object({
  subject: z.string(),
  /** The complete responsive HTML document, as recipients get it. */
  html: z.string(),
  /** The plain-text part. */
  text: z.string(),
  variables: z.array(z.string()),
  /** Variables that had no sample value (shown as {{ name }} in a preview). */
  missing: z.array(z.string()),
});
export type RenderedMail = z.infer<typeof renderedMail>;

// ── Audiences and campaigns ───────────────────────────────────────────────────────────────────

const ids = (name: string) =>
  z
    .array(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE), { error: `${name} must be a list of ids` })
    .max(500)
    .optional();

/** A region filter of an audience; a coordinator's audience is always inside its own region. */
const regionFilter = {
  zone_id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE).optional(),
  state_ids: ids("state_ids"),
  prant_ids: ids("prant_ids"),
  district_ids: ids("district_ids"),
};

export const mailAudience = z.discriminatedUnion("kind", [
  /** Active users of these roles (coordinators by their assignments, school accounts by their school). */
  z.strictObject({
    kind: z.literal("roles"),
    role_ids: z
      .array(
        z
          .number()
          .int()
          .min(Math.min(...ROLE_IDS))
          .max(Math.max(...ROLE_IDS)),
      )
      .min(1, "Choose at least one role"),
    ...regionFilter,
  }),
  /**
   * Schools at their contact address: `paid` have at least one paid student, `unpaid` have
   * students and none of them paid.
   */
  z.strictObject({ kind: z.literal("schools"), payment: z.enum(SCHOOL_PAYMENT_AUDIENCES), ...regionFilter }),
  /** Addresses pasted by the sender (admins and the outbox only). */
  z.strictObject({
    kind: z.literal("list"),
    addresses: z
      .array(z.string().max(320))
      .min(1, "Paste at least one address")
      .max(MAIL_LIST_MAX, `Paste at most ${MAIL_LIST_MAX.toLocaleString("en")} addresses`),
  }),
]);
export type MailAudience = z.infer<typeof mailAudience>;

/** What to send: a template (with values for its shared variables) or a composed subject and body. */
const mailContent = {
  template_key: templateKeyField.optional(),
  language: languageField.optional(),
  subject: mailSubject.optional(),
  body: mailBody.optional(),
  /** Values shared by every recipient; `name` and `email` are filled per recipient. */
  variables: variableValues.default({}),
};

const contentChosen = (value: { template_key?: string | undefined; subject?: string; body?: string }) =>
  value.template_key !== undefined || (value.subject !== undefined && value.body !== undefined);
const contentMessage = { message: "Choose a template, or write a subject and a body", path: ["template_key"] };

export const sendMailBody = z
  .strictObject({ audience: mailAudience, ...mailContent })
  .refine(contentChosen, contentMessage);
export type SendMailBody = z.infer<typeof sendMailBody>;

/** A preview of the mail one recipient of the audience would get. */
export const previewMailBody = z
  .strictObject({ audience: mailAudience, ...mailContent })
  .refine(contentChosen, contentMessage);

export const audienceCountBody = z.strictObject({ audience: mailAudience });

export const audienceSummary = z.object({
  /** Recipients with a valid address, after removing duplicates. */
  count: z.number().int(),
  /** Addresses refused, each with the reason (at most MAIL_LIST_MAX of them; `invalid_total` counts all). */
  invalid: z.array(z.object({ address: z.string(), reason: z.string() })),
  /** How many addresses were refused in all. */
  invalid_total: z.number().int(),
  /** A few recipients, to show who the audience is. */
  sample: z.array(z.object({ email: z.string(), name: z.string() })),
});
export type AudienceSummary = z.infer<typeof audienceSummary>;

export const campaignItem = z.object({
  id: z.number().int(),
  subject: z.string(),
  template_key: z.string().nullable(),
  /** The audience in words ("State coordinators in West Zone"). */
  audience: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  /** Recipients in the campaign, and how many of its messages are in each state. */
  total: z.number().int(),
  counts: z.record(z.enum(MAIL_STATUSES), z.number().int()),
  invalid: z.number().int(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** The job expanding the audience into messages (GET /api/jobs/{id} tells its progress). */
  job_id: z.number().int().nullable(),
});
export type CampaignItem = z.infer<typeof campaignItem>;

export const campaignListBody = z.strictObject({ page: pageField, per_page: perPageField, search: searchField });

// ── Messages (the outbox) ─────────────────────────────────────────────────────────────────────

export const mailMessageItem = z.object({
  id: z.number().int(),
  to: z.string(),
  cc: z.array(z.string()),
  subject: z.string(),
  template_key: z.string().nullable(),
  language: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  queued_by: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type MailMessageItem = z.infer<typeof mailMessageItem>;

export const mailMessageDetail = mailMessageItem.extend({
  html: z.string(),
  text: z.string(),
  variables: z.record(z.string(), z.string()),
  attempt_log: z.array(
    z.object({
      at: z.string(),
      outcome: z.enum(MAIL_ATTEMPT_OUTCOMES),
      /** The SMTP reply code, when the server answered. */
      code: z.number().int().nullable(),
      /** The server's reply or the connection error, as it was. */
      response: z.string(),
    }),
  ),
});
export type MailMessageDetail = z.infer<typeof mailMessageDetail>;

/** Filters of the outbox list (and of its bulk retry). Dates are YYYY-MM-DD, inclusive. */
const date = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date like 2026-11-23`)
    .optional();

export const messageFilters = {
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(", ")}` }).optional(),
  template_key: z.string().max(60).optional(),
  campaign_id: z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE).optional(),
  from: date("from"),
  to: date("to"),
  /** Part of a recipient's address. */
  search: searchField,
};

export const messageListBody = z
  .strictObject({ page: pageField, per_page: perPageField, ...messageFilters })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "from must not be after to", path: ["to"] });
export type MessageListBody = z.infer<typeof messageListBody>;

/** Retries every failed message the filters select (the status filter is ignored: only failed ones). */
export const bulkRetryBody = z
  .strictObject(messageFilters)
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: "from must not be after to", path: ["to"] });

/** Filters of the outbox's counts: the list's filters; `status` is accepted and ignored. */
export const messageCountsBody = bulkRetryBody;

export const messageCounts = z.record(z.enum(MAIL_STATUSES), z.number().int());
export type MessageCounts = z.infer<typeof messageCounts>;
