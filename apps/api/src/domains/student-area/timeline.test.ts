import { describe, expect, it } from "vitest";
import { studentTimeline, type TimelineFacts } from "./timeline";

const NOW = new Date("2026-12-01T06:00:00Z");
const facts = (extra: Partial<TimelineFacts>): TimelineFacts => ({
  registeredAt: "2026-09-01T05:00:00.000Z",
  payment: { status: "unpaid", paidAt: null },
  examAt: null,
  hasResult: false,
  now: NOW,
  ...extra,
});
const states = (timeline: ReturnType<typeof studentTimeline>) =>
  Object.fromEntries(timeline.steps.map((s) => [s.step, s.state]));
const PAID = { status: "paid", paidAt: "2026-09-02T05:00:00.000Z" } as const;

describe("a student's year as steps", () => {
  it("asks an unpaid student to pay first, whether or not the exam has a date", () => {
    for (const examAt of [null, "2026-12-13T04:30:00.000Z"]) {
      const timeline = studentTimeline(facts({ examAt }));
      expect(timeline.next).toBe("paid");
      expect(states(timeline)).toEqual({
        registered: "done",
        paid: "current",
        admit_card: "upcoming",
        exam: "upcoming",
        result: "upcoming",
        certificate: "upcoming",
      });
    }
  });

  it("keeps a payment at the gateway the student's to finish", () => {
    const timeline = studentTimeline(facts({ payment: { status: "pending", paidAt: null } }));
    expect(timeline.next).toBe("paid");
    expect(states(timeline).paid).toBe("current");
  });

  it("waits for the exam's date once paid, then offers the admit card with the exam ahead", () => {
    const waiting = studentTimeline(facts({ payment: PAID }));
    expect(waiting.next).toBe("admit_card");
    expect(states(waiting)).toMatchObject({ paid: "done", admit_card: "waiting", exam: "upcoming" });
    const scheduled = studentTimeline(facts({ payment: PAID, examAt: "2026-12-13T04:30:00.000Z" }));
    expect(scheduled.next).toBe("admit_card");
    expect(states(scheduled)).toMatchObject({ admit_card: "current", exam: "upcoming", result: "upcoming" });
    expect(scheduled.steps.find((s) => s.step === "exam")?.at).toBe("2026-12-13T04:30:00.000Z");
    expect(scheduled.steps.find((s) => s.step === "paid")?.at).toBe(PAID.paidAt);
  });

  it("waits for the result once the exam's time has come without a sheet", () => {
    const timeline = studentTimeline(facts({ payment: PAID, examAt: "2026-11-30T04:30:00.000Z" }));
    expect(timeline.next).toBe("result");
    expect(states(timeline)).toMatchObject({ admit_card: "done", exam: "done", result: "waiting" });
  });

  it("ends on the certificate once the result is out, even before the scheduled date (a sheet is proof)", () => {
    for (const examAt of [null, "2026-11-30T04:30:00.000Z", "2026-12-13T04:30:00.000Z"]) {
      const timeline = studentTimeline(facts({ payment: PAID, examAt, hasResult: true }));
      expect(timeline.next).toBe("certificate");
      expect(states(timeline)).toEqual({
        registered: "done",
        paid: "done",
        admit_card: "done",
        exam: "done",
        result: "done",
        certificate: "current",
      });
    }
  });

  it("lists the six steps in order, for Level 1", () => {
    const timeline = studentTimeline(facts({}));
    expect(timeline.level).toBe("level1");
    expect(timeline.steps.map((s) => s.step)).toEqual([
      "registered",
      "paid",
      "admit_card",
      "exam",
      "result",
      "certificate",
    ]);
    expect(timeline.steps[0]?.at).toBe("2026-09-01T05:00:00.000Z");
  });
});
