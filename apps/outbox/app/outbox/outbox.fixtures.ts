import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { MessageRow } from "./outbox.server";

/**
 * The outbox's data as the API answers it, for its server test and its route test: each fact
 * about the screen's data is written here once, typed by the generated client.
 */

export const outboxUser = userRecord({ role_id: ROLE.outbox, role_name: "Outbox", username: "outbox" });

/** Mail `id` to `to` from the results template; a failed one has tried three times. */
export const mail = (id: number, to: string, status: MessageRow["status"], overrides: Partial<MessageRow> = {}) =>
  ({
    id,
    to,
    cc: [],
    subject: "Results published",
    template_key: "results-published",
    language: "en",
    status,
    attempts: status === "failed" ? 3 : 1,
    last_error: status === "failed" ? "Mailbox full" : null,
    next_attempt_at: null,
    queued_by: null,
    campaign_id: null,
    sent_at: null,
    created_at: "2026-11-20T10:00:00.000Z",
    ...overrides,
  }) satisfies MessageRow;

/** One page of a list, as the API answers it. */
export const page = <const T>(items: readonly T[]) =>
  envelope({ items, page: 1, per_page: 10, total: items.length, last_page: 1 });

/** The messages by status, for any filters. */
export const counts = { queued: 1, sending: 0, sent: 5, failed: 2, cancelled: 0 };

export const resultsTemplate: components["schemas"]["MailTemplateOption"] = {
  key: "results-published",
  language: "en",
  name: "Results published",
  variables: [],
};

/** What the outbox page asks the API, answered: a failed and a queued message, the counts, the templates. */
export const pageAnswers = () => ({
  "GET /api/user": signedInAs(outboxUser),
  "POST /api/mail/messages/list": {
    body: page([
      mail(4, "office@school.test", "failed"),
      mail(5, "head@school.test", "queued", { template_key: null }),
    ]),
  },
  "POST /api/mail/messages/counts": { body: envelope(counts) },
  "GET /api/mail/templates/options": { body: envelope([resultsTemplate]) },
});
