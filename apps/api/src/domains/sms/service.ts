import type { SmsKind, SmsVariables } from "@repo/contracts/sms-constants";
import type { DbOrTx } from "@repo/db";

// What the rest of the API holds of the SMS service: a type of its own so that the services'
// type (context.ts) does not import the service's module, which imports the jobs queue.

/** One text: its kind (a registered template), the number, and every variable of the template. */
export type SmsInput = {
  [K in SmsKind]: {
    kind: K;
    to: string;
    vars: SmsVariables<K>;
    /** The user on whose behalf it goes (null: the system). */
    queuedBy?: number | null;
    /** The student it is about: the school sees whether it arrived. */
    studentId?: number | null;
  };
}[SmsKind];

export interface SmsService {
  /**
   * Queues one text and answers its id. Refuses (429) a number that had SMS_SENDS_PER_NUMBER
   * texts this hour. In the caller's transaction when `db` is one: queued only if it commits.
   */
  send(input: SmsInput, db?: DbOrTx): Promise<number>;
}
