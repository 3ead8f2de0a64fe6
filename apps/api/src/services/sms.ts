import type { Db } from "@repo/db";
import { smsOutbox } from "@repo/db/schema";

/** Sends a text message. Production plugs in a gateway; the default only queues it in the database. */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** Writes each message to `sms_outbox`, where an operator (or a test) can read it. */
export function outboxSmsSender(db: Db): SmsSender {
  return {
    async send(to, body) {
      await db.insert(smsOutbox).values({ to, body });
    },
  };
}
