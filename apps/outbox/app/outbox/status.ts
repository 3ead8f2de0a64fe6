import type { MailStatus } from "@repo/contracts/mail-constants";
import type { BadgeTone } from "@repo/ui/badge";

/** How each message status is named and coloured in the outbox. */
export const STATUS_LABELS: Record<MailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  cancelled: "Cancelled",
};

export const STATUS_TONES: Record<MailStatus, BadgeTone> = {
  queued: "info",
  sending: "warning",
  sent: "success",
  failed: "danger",
  cancelled: "neutral",
};
