import { REGISTRATION_FEE_LEVEL } from "@repo/contracts/payments-constants";
import { examFees, examYears, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registrationFee } from "../src/domains/payments/fees";
import { startTestApi, type TestApi } from "./support";

// A student's registration fee (docs/domain.md, Fees and payments; decision 017): one lookup in
// domains/payments/fees.ts, so what a school is charged, what its dashboard, pay support and its master
// institute's list say it owes are one figure.

describe("the fee from its columns", () => {
  it("is money when set, null (never zero) when not", () => {
    expect(registrationFee({ currency: "INR", fee_minor: "15000" })).toEqual({ currency: "INR", amount_minor: 15000 });
    expect(registrationFee({ currency: "AED ", fee_minor: 5000 })).toEqual({ currency: "AED", amount_minor: 5000 });
    expect(registrationFee({ currency: null, fee_minor: null })).toBeNull();
    expect(registrationFee({ currency: "INR", fee_minor: null })).toBeNull();
  });
});

for (const driver of testDrivers()) {
  describe(`the registration fee on ${driver}`, () => {
    let api: TestApi;
    let yearId: number;
    let schoolId: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const [year] = await api.db.select({ id: examYears.id }).from(examYears).where(eq(examYears.isActive, true));
      yearId = Number(year?.id);
      const [school] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(school?.id);
    });
    afterAll(async () => {
      await api?.close();
    });

    const india = (level: string) =>
      and(eq(examFees.examYearId, yearId), eq(examFees.countryId, 1), eq(examFees.examLevel, level));

    /** The fee per student as each page that prices a school's students says it. */
    async function feesShown() {
      const school = await api.login("school");
      const amount = (await api.call("POST", "/api/get-payment-amount", { token: school, json: {} })).body.data;
      const dashboard = (await api.call("GET", "/api/schools/dashboard", { token: school })).body.data;
      const support = await api.login("paysupport", "coordinator");
      const balances = (await api.call("GET", "/api/paysupport/schools?per_page=100", { token: support })).body.data;
      const balance = balances.items.find((r: { school_id: number }) => r.school_id === schoolId);
      const institute = await api.login("masterinstitute");
      const listed = (await api.call("GET", "/api/master-institute/schools/list?per_page=100", { token: institute }))
        .body.data.items as { unpaid: number; amount_due: { amount_minor: number } | null }[];
      const owing = listed.find((s) => s.unpaid > 0);
      expect(amount.students).toBeGreaterThan(0);
      expect(balance.unpaid).toBeGreaterThan(0);
      expect(owing).toBeDefined();
      return {
        charged: amount.fee?.amount_minor ?? null,
        level: amount.exam_level,
        dashboard: dashboard.amount_due[0]?.fee?.amount_minor ?? null,
        paySupport: balance.due_amount === null ? null : balance.due_amount.amount_minor / balance.unpaid,
        institute:
          owing?.amount_due === null || owing === undefined ? null : owing.amount_due.amount_minor / owing.unpaid,
      };
    }

    it("prices a school's students at its country's Level 1 fee of the active year, on every page", async () => {
      expect(await feesShown()).toEqual({
        charged: 15000,
        level: REGISTRATION_FEE_LEVEL,
        dashboard: 15000,
        paySupport: 15000,
        institute: 15000,
      });
    });

    it("follows a change of that fee, and no other level's", async () => {
      await api.db.update(examFees).set({ amountMinor: 17500 }).where(india(REGISTRATION_FEE_LEVEL));
      const [level2] = await api.db.select({ id: examFees.id }).from(examFees).where(india("level2"));
      if (!level2) {
        await api.db
          .insert(examFees)
          .values({ examYearId: yearId, examLevel: "level2", countryId: 1, currency: "INR", amountMinor: 99900 });
      } else {
        await api.db.update(examFees).set({ amountMinor: 99900 }).where(eq(examFees.id, level2.id));
      }
      try {
        expect(await feesShown()).toMatchObject({
          charged: 17500,
          dashboard: 17500,
          paySupport: 17500,
          institute: 17500,
        });
      } finally {
        await api.db.update(examFees).set({ amountMinor: 15000 }).where(india(REGISTRATION_FEE_LEVEL));
      }
    });

    it("says no fee is set, and charges nothing, when the country has none this year", async () => {
      const [saved] = await api.db.select().from(examFees).where(india(REGISTRATION_FEE_LEVEL));
      await api.db.delete(examFees).where(india(REGISTRATION_FEE_LEVEL));
      try {
        expect(await feesShown()).toMatchObject({ charged: null, dashboard: null, paySupport: null, institute: null });
        const refused = await api.call("POST", "/api/master-institute/pay-student/create-payment", {
          token: await api.login("masterinstitute"),
          json: {},
        });
        expect(refused.status).toBe(409);
        expect(refused.body.message).toContain("fee");
      } finally {
        if (saved) {
          const { id: _id, ...row } = saved;
          await api.db.insert(examFees).values(row);
        }
      }
    });
  });
}
