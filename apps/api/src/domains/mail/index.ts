/**
 * The mail service (docs/domain.md, Services every feature shares). Features send mail with
 * `enqueueMail`; the routes in domains/mail/mail.routes.ts use the rest.
 */
export { type Recipient, resolveAudience, type Sender } from "./audience";
export { ensureBuiltInTemplates } from "./built-in-templates";
export {
  audienceSummary,
  getCampaign,
  listCampaigns,
  MAIL_CAMPAIGN_JOB,
  previewMail,
  runCampaignJob,
  sendMail,
} from "./campaigns";
export {
  createMailWorker,
  INTERRUPTED_DELIVERY,
  type MailWorker,
  SMTP_CONNECTIONS,
  type TickResult,
} from "./delivery";
export {
  cancelMessage,
  countMessages,
  getMessage,
  listMessages,
  retryFailedMessages,
  retryMessage,
} from "./outbox";
export { addressProblem, type BatchMail, type EnqueueMailInput, enqueueMail, enqueueMailBatch } from "./queue";
export {
  createTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  setTemplateEnabled,
  templateOptions,
  updateTemplate,
} from "./templates";
