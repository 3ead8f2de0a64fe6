/**
 * A student's year as steps (issue 16): registered → paid → admit card → exam → result →
 * certificate, each done, the one to act on now, waiting for someone else, or later. A pure
 * function of what the database says, so that every state is tested without one.
 */
import type { StudentTimeline, StudentTimelineStep } from "@repo/contracts/student-area";
import { STUDENT_STEPS, type StepState, type StudentStep } from "@repo/contracts/student-area-constants";
import type { PaymentStatus } from "@repo/contracts/students-constants";

export interface TimelineFacts {
  registeredAt: string;
  payment: { status: PaymentStatus; paidAt: string | null };
  /** When the student's class sits Level 1; null until it is scheduled. */
  examAt: string | null;
  /** A Level 1 answer sheet is stored: the result is out, and with it the certificate. */
  hasResult: boolean;
  now: Date;
}

/**
 * The steps of Level 1 and the next one: the step to act on (`current`), else the first one waiting
 * for someone else, else none. A payment still at the gateway is the student's to finish, so it
 * stays current; once the exam's time has come without a sheet, the result is waited for.
 */
export function studentTimeline(facts: TimelineFacts): StudentTimeline {
  const paid = facts.payment.status === "paid";
  const examAt = facts.examAt ? new Date(facts.examAt) : null;
  const examBegun = facts.hasResult || (examAt !== null && examAt.getTime() <= facts.now.getTime());
  const states: Record<StudentStep, StepState> = {
    registered: "done",
    paid: paid || facts.hasResult ? "done" : "current",
    admit_card: examBegun ? "done" : !paid ? "upcoming" : examAt ? "current" : "waiting",
    exam: examBegun ? "done" : "upcoming",
    result: facts.hasResult ? "done" : examBegun ? "waiting" : "upcoming",
    certificate: facts.hasResult ? "current" : "upcoming",
  };
  const at: Partial<Record<StudentStep, string | null>> = {
    registered: facts.registeredAt,
    paid: facts.payment.paidAt,
    exam: facts.examAt,
  };
  const steps: StudentTimelineStep[] = STUDENT_STEPS.map((step) => ({
    step,
    state: states[step],
    at: at[step] ?? null,
  }));
  const next = steps.find((s) => s.state === "current")?.step ?? steps.find((s) => s.state === "waiting")?.step ?? null;
  return { level: "level1", steps, next };
}
