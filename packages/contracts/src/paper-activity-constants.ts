/**
 * The paper editor's activity log: which actions it shows and how it names them (zod-free, like
 * every constants module: decision 007).
 */
/** Actions the user activity log shows for paper setting (activity_log.action). */
export const PAPER_ACTIVITY_ACTIONS = [
  "question.create",
  "question.update",
  "question.review",
  "question.rollback",
  "translation.save",
  "paperSet.create",
  "paperSet.update",
  "paperSet.finalize",
  "paperSet.copy",
  "paperSet.export",
  "examSchedule.save",
  "panel.assign",
] as const;
export type PaperActivityAction = (typeof PAPER_ACTIVITY_ACTIONS)[number];

/** How the activity log screen names each action. */
export const PAPER_ACTIVITY_LABELS: Record<PaperActivityAction, string> = {
  "question.create": "Question written",
  "question.update": "Question edited",
  "question.review": "Question reviewed",
  "question.rollback": "Question rolled back",
  "translation.save": "Translation saved",
  "paperSet.create": "Paper set created",
  "paperSet.update": "Paper set changed",
  "paperSet.finalize": "Paper set finalized",
  "paperSet.copy": "Paper set copied",
  "paperSet.export": "Paper set exported",
  "examSchedule.save": "Exam schedule saved",
  "panel.assign": "Panel member assigned",
};
