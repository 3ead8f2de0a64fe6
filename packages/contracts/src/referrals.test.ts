import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clashingRule,
  decideReferral,
  REFERRAL_STATUSES,
  type ReferralStatus,
  rangesOverlap,
  ruleInForce,
} from "./referrals-constants";

describe("the referral state machine", () => {
  it("lets a pending referral be approved, with or without a reason", () => {
    expect(decideReferral("pending", "approved")).toEqual({ ok: true, status: "approved", reason: null });
    expect(decideReferral("pending", "approved", "  Known   to us ")).toEqual({
      ok: true,
      status: "approved",
      reason: "Known to us",
    });
  });

  it("rejects only with a reason", () => {
    expect(decideReferral("pending", "rejected", "Not ours")).toEqual({
      ok: true,
      status: "rejected",
      reason: "Not ours",
    });
    for (const blank of [undefined, null, "", "   "]) {
      const decision = decideReferral("pending", "rejected", blank);
      expect(decision.ok).toBe(false);
      expect(decision.ok === false && decision.code).toBe("reason");
    }
    expect(decideReferral("pending", "rejected", "x".repeat(501)).ok).toBe(false);
  });

  it("refuses every other move as a conflict, naming both states", () => {
    const status = fc.constantFrom(...REFERRAL_STATUSES);
    fc.assert(
      fc.property(status, status, fc.string(), (from: ReferralStatus, to: ReferralStatus, reason) => {
        const decision = decideReferral(from, to, `${reason}reason`);
        const allowed = from === "pending" && to !== "pending";
        expect(decision.ok).toBe(allowed);
        if (!decision.ok) {
          expect(decision.code).toBe("conflict");
          expect(decision.message.toLowerCase()).toContain(from);
        }
      }),
    );
    expect(decideReferral("approved", "rejected", "changed my mind")).toMatchObject({ ok: false, code: "conflict" });
  });
});

// A short window keeps the brute-force day sets small, and makes overlaps and touching ends common.
const day = fc
  .integer({ min: Date.UTC(2026, 0, 1) / 86_400_000, max: Date.UTC(2026, 2, 31) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
const range = fc
  .tuple(day, fc.option(day, { nil: null }))
  .map(([a, b]) =>
    b === null ? { starts_on: a, ends_on: null } : a <= b ? { starts_on: a, ends_on: b } : { starts_on: b, ends_on: a },
  );

/** Every day of a range, up to a horizon past which open ranges are cut (enough for the generator). */
function days(r: { starts_on: string; ends_on: string | null }): Set<string> {
  const out = new Set<string>();
  const end = r.ends_on ?? "2026-12-31";
  for (
    let d = new Date(`${r.starts_on}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= end;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    out.add(d.toISOString().slice(0, 10));
  }
  return out;
}

describe("commission rule date ranges", () => {
  it("overlap exactly when they share a day (inclusive ends, open end reaches forever)", () => {
    expect(
      rangesOverlap({ starts_on: "2026-01-01", ends_on: "2026-03-31" }, { starts_on: "2026-03-31", ends_on: null }),
    ).toBe(true);
    expect(
      rangesOverlap({ starts_on: "2026-01-01", ends_on: "2026-03-30" }, { starts_on: "2026-03-31", ends_on: null }),
    ).toBe(false);
    fc.assert(
      fc.property(range, range, (a, b) => {
        const shared = [...days(a)].some((d) => days(b).has(d));
        expect(rangesOverlap(a, b)).toBe(shared);
        expect(rangesOverlap(b, a)).toBe(rangesOverlap(a, b));
      }),
      { numRuns: 150 },
    );
  });

  it("finds the clashing rule of the same level only, skipping the rule being edited", () => {
    const rules = [
      { id: 1, exam_level: "level1", starts_on: "2026-01-01", ends_on: "2026-06-30" },
      { id: 2, exam_level: "level2", starts_on: "2026-01-01", ends_on: null },
    ];
    expect(clashingRule({ exam_level: "level1", starts_on: "2026-06-30", ends_on: null }, rules)?.id).toBe(1);
    expect(clashingRule({ exam_level: "level1", starts_on: "2026-07-01", ends_on: null }, rules)).toBeUndefined();
    expect(
      clashingRule({ id: 1, exam_level: "level1", starts_on: "2026-02-01", ends_on: null }, rules),
    ).toBeUndefined();
    expect(clashingRule({ exam_level: "mock", starts_on: "2026-02-01", ends_on: null }, rules)).toBeUndefined();
  });

  it("never leaves two rules in force on one day when every rule is saved through clashingRule", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("mock", "level1"), range), { maxLength: 12 }), day, (tries, on) => {
        const saved: { id: number; exam_level: string; starts_on: string; ends_on: string | null }[] = [];
        for (const [level, r] of tries) {
          const candidate = { exam_level: level, ...r };
          if (!clashingRule(candidate, saved)) saved.push({ id: saved.length + 1, ...candidate });
        }
        for (const level of ["mock", "level1"]) {
          const inForce = saved.filter(
            (rule) => rule.exam_level === level && rangesOverlap(rule, { starts_on: on, ends_on: on }),
          );
          expect(inForce.length).toBeLessThanOrEqual(1);
          expect(ruleInForce(saved, level, on)).toBe(inForce[0]);
        }
      }),
      { numRuns: 200 },
    );
  });
});
