import { hashPassword } from "@repo/auth/password";
import { studentKey } from "@repo/contracts/students";
import { activityLog, referralLedger, schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordReferralCommissions, reverseReferralCommissions } from "../src/domains/referrals/referral-ledger";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`referrals and the commission ledger on ${driver}`, () => {
    let api: TestApi;
    let schoolId: number;
    let otherSchoolId: number;
    let serial = 0;

    beforeAll(async () => {
      api = await startTestApi(driver);
      const [own] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(own?.id);
      const [other] = await api.db
        .select({ id: schools.id })
        .from(schools)
        .where(and(ne(schools.id, schoolId), sql`${schools.masterInstituteId} is null`))
        .limit(1);
      otherSchoolId = Number(other?.id);
      // A second school account (role 2), to prove one school never reaches another's referrals.
      await api.db.insert(users).values({
        username: "otherschool",
        email: "other@example.org",
        name: "Other School",
        roleId: 2,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        schoolId: otherSchoolId,
      });
    });
    afterAll(async () => {
      await api?.close();
    });

    const school = async () => api.login("school");
    const admin = async () => api.login("admin", "coordinator");

    /** A student of the other school who registered with the demo school's referral code. */
    async function referred(referralStatus: "pending" | "approved" | "rejected" = "pending", classLevel = 8) {
      const n = ++serial;
      const [template] = await api.db.select().from(students).where(eq(students.schoolId, otherSchoolId)).limit(1);
      if (!template) throw new Error("no student to copy");
      const fields = {
        first_name: "Referred",
        last_name: `Student${n}`,
        date_of_birth: "2012-05-05",
        phone: `98${String(10_000_000 + n).padStart(8, "0")}`,
      };
      const [row] = await api.db
        .insert(students)
        .values({
          schoolId: otherSchoolId,
          examYearId: template.examYearId,
          classLevel,
          firstName: fields.first_name,
          lastName: fields.last_name,
          dateOfBirth: fields.date_of_birth,
          contactPhone: fields.phone,
          dedupeKey: studentKey(fields),
          source: "sif",
          paymentStatus: "unpaid",
          referredBySchoolId: schoolId,
          referralStatus,
          referralReason: referralStatus === "rejected" ? "Not ours" : null,
          zoneId: template.zoneId,
          stateId: template.stateId,
          prantId: template.prantId,
          districtId: template.districtId,
        })
        .returning({ id: students.id });
      return Number(row?.id);
    }

    const markPaid = async (id: number, body: Record<string, unknown> = {}) =>
      api.call("POST", `/api/admin/students/${id}/update-payment-status`, {
        token: await admin(),
        json: { payment_status: "paid", reference: "CHQ-001", reason: "Cheque received at the office", ...body },
      });
    const changeStatus = async (id: number, json: Record<string, unknown>, username = "school") =>
      api.call("POST", `/api/schools/referral-student/changestatus/${id}`, { token: await api.login(username), json });
    const entriesOf = (studentId: number) =>
      api.db.select().from(referralLedger).where(eq(referralLedger.studentId, studentId)).orderBy(referralLedger.id);

    it("refuses every role but the admins on rules, ledger and payouts, and every role but the school on its referrals", async () => {
      for (const [username, app] of [
        ["school", "school"],
        ["institute", "school"],
        ["orgteam", "coordinator"],
        ["lms", "coordinator"],
        ["paysupport", "coordinator"],
        ["state", "coordinator"],
      ] as const) {
        const token = await api.login(username, app);
        expect((await api.call("GET", "/api/school/referral-commissions", { token })).status, username).toBe(403);
        expect((await api.call("GET", "/api/admin/referral-ledger", { token })).status, username).toBe(403);
        expect(
          (
            await api.call("POST", "/api/admin/referral-payouts", {
              token,
              json: { school_id: schoolId, reference: "X1234", paid_on: "2026-11-01" },
            })
          ).status,
          username,
        ).toBe(403);
        expect(
          (await api.call("POST", "/api/admin/students/1/update-payment-status", { token, json: {} })).status,
          username,
        ).toBe(403);
      }
      for (const [username, app] of [
        ["institute", "school"],
        ["masterinstitute", "school"],
        ["admin", "coordinator"],
        ["student", "school"],
      ] as const) {
        const token = await api.login(username, app);
        expect((await api.call("GET", "/api/schools/referral-student", { token })).status, username).toBe(403);
        expect((await api.call("GET", "/api/get-referral-earnings-dashboard", { token })).status, username).toBe(403);
      }
      expect((await api.call("GET", "/api/schools/referral-student")).status).toBe(401);
      expect(
        (
          await api.call("GET", "/api/school/referral-commissions", {
            token: await api.login("subadmin", "coordinator"),
          })
        ).status,
      ).toBe(200);
    });

    it("shows a school only its own referred students, with the code and share link", async () => {
      const list = await api.call("GET", "/api/schools/referral-student?per_page=100", { token: await school() });
      expect(list.status).toBe(200);
      const mine = await api.db
        .select({ id: students.id })
        .from(students)
        .where(eq(students.referredBySchoolId, schoolId));
      expect(list.body.data.total).toBe(mine.length);
      expect(list.body.data.total).toBeGreaterThanOrEqual(10);
      const ids = new Set(mine.map((s) => s.id));
      expect(list.body.data.items.every((s: { id: number }) => ids.has(s.id))).toBe(true);
      const pending = await api.call("GET", "/api/schools/referral-student?referral_status=pending&per_page=100", {
        token: await school(),
      });
      expect(pending.body.data.items.length).toBeGreaterThan(0);
      expect(pending.body.data.items.every((s: { referral_status: string }) => s.referral_status === "pending")).toBe(
        true,
      );

      // The other school sees none of them, and cannot change them (404, not 403: ids are not probed).
      const other = await api.call("GET", "/api/schools/referral-student", { token: await api.login("otherschool") });
      expect(other.status).toBe(200);
      expect(other.body.data.items.some((s: { id: number }) => ids.has(s.id))).toBe(false);
      const id = pending.body.data.items[0].id;
      expect((await changeStatus(id, { status: "approved" }, "otherschool")).status).toBe(404);
      expect((await changeStatus(999_999, { status: "approved" })).status).toBe(404);

      const code = await api.call("GET", "/api/schools/referral-code", { token: await school() });
      const [row] = await api.db.select({ code: schools.referralCode }).from(schools).where(eq(schools.id, schoolId));
      expect(code.body.data.referral_code).toBe(row?.code);
      expect(new URL(code.body.data.share_url).pathname).toBe("/sif/register");
      expect(new URL(code.body.data.share_url).searchParams.get("ref")).toBe(row?.code);
    });

    it("moves a referral only from pending, to approved or (with a reason) to rejected", async () => {
      const a = await referred();
      const approved = await changeStatus(a, { status: "approved" });
      expect(approved.status).toBe(200);
      expect(approved.body.data.referral_status).toBe("approved");
      const again = await changeStatus(a, { status: "rejected", reason: "Changed our mind" });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/approved/);
      expect((await changeStatus(a, { status: "approved" })).status).toBe(409);

      const b = await referred();
      const noReason = await changeStatus(b, { status: "rejected", reason: "  " });
      expect(noReason.status).toBe(422);
      expect(noReason.body.errors[0].field).toBe("reason");
      expect((await changeStatus(b, { status: "pending" })).status).toBe(400);
      const rejected = await changeStatus(b, { status: "rejected", reason: "Not a student we know" });
      expect(rejected.status).toBe(200);
      expect(rejected.body.data.referral_reason).toBe("Not a student we know");
      const [logged] = await api.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, "referral.reject"), eq(activityLog.entityId, String(b))));
      expect(logged?.before).toMatchObject({ referral_status: "pending" });
    });

    it("refuses a commission rule that overlaps another of its level, naming it", async () => {
      const token = await admin();
      const store = (json: Record<string, unknown>) =>
        api.call("POST", "/api/school/store-referral-commissions", { token, json });
      const first = await store({ exam_level: "level1", starts_on: "2020-01-01", ends_on: null, amount_minor: 5000 });
      expect(first.status).toBe(201);
      const ruleId = first.body.data.id;
      const clash = await store({
        exam_level: "level1",
        starts_on: "2019-06-01",
        ends_on: "2020-01-01",
        amount_minor: 7000,
      });
      expect(clash.status).toBe(409);
      expect(clash.body.message).toContain(`#${ruleId}`);
      expect(clash.body.message).toContain("Level 1");
      // Another level is free; the rule itself may change; an end before the start is invalid.
      expect((await store({ exam_level: "level2", starts_on: "2020-01-01", amount_minor: 9000 })).status).toBe(201);
      const edited = await store({ id: ruleId, exam_level: "level1", starts_on: "2020-01-01", amount_minor: 5000 });
      expect(edited.status).toBe(200);
      expect(
        (await store({ exam_level: "mock", starts_on: "2020-02-01", ends_on: "2020-01-01", amount_minor: 1 })).status,
      ).toBe(400);
      expect(
        (await store({ id: 999_999, exam_level: "mock", starts_on: "2020-02-01", amount_minor: 100 })).status,
      ).toBe(404);
      const list = await api.call("GET", "/api/school/referral-commissions", { token });
      expect(list.body.data.map((r: { exam_level: string }) => r.exam_level).sort()).toEqual(["level1", "level2"]);
    });

    it("marks a student paid once, with a roll number and exactly one commission, under concurrent requests", async () => {
      const id = await referred("pending");
      expect((await markPaid(id, { reference: "" })).status).toBe(400);
      const answers = await Promise.all(Array.from({ length: 5 }, () => markPaid(id)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const winner = answers.find((a) => a.status === 200);
      expect(winner?.body.data.roll_number).toMatch(/^\d{2}08\d{6}$/);
      expect(winner?.body.data.commission).toMatchObject({ school_id: schoolId, amount_minor: 5000 });
      const entries = await entriesOf(id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ kind: "earned", status: "earned", amountMinor: 5000, schoolId });
      const [log] = await api.db
        .select()
        .from(activityLog)
        .where(and(eq(activityLog.action, "student.markPaid"), eq(activityLog.entityId, String(id))));
      expect(log?.after).toMatchObject({ reference: "CHQ-001", reason: "Cheque received at the office" });

      // The hook itself, called by several confirmations at once (a repeated webhook): still one entry.
      await Promise.all(
        Array.from({ length: 4 }, () => api.db.transaction((tx) => recordReferralCommissions(tx, [id]))),
      );
      expect(await entriesOf(id)).toHaveLength(1);
    });

    it("takes the amount from the rule in force on the payment day in India, and earns nothing without one", async () => {
      const [early, onTime, mockLevel] = [
        await referred("approved"),
        await referred("approved"),
        await referred("approved"),
      ];
      await api.db
        .update(students)
        .set({ paymentStatus: "paid" })
        .where(sql`${students.id} in (${early}, ${onTime}, ${mockLevel})`);
      // 2019-12-31 23:50 in India: the day before the Level 1 rule starts. 2020-01-01 00:10 in India
      // is still 2019-12-31 in UTC, and already the rule's first day.
      const before = await api.db.transaction((tx) =>
        recordReferralCommissions(tx, [early], { paidAt: new Date("2019-12-31T18:20:00Z") }),
      );
      const first = await api.db.transaction((tx) =>
        recordReferralCommissions(tx, [onTime], { paidAt: new Date("2019-12-31T18:40:00Z") }),
      );
      const mock = await api.db.transaction((tx) => recordReferralCommissions(tx, [mockLevel], { examLevel: "mock" }));
      expect(before).toEqual([]);
      expect(first).toMatchObject([{ student_id: onTime, amount_minor: 5000, school_id: schoolId }]);
      expect(mock).toEqual([]);
      // An unpaid student earns nothing either.
      const unpaid = await referred("approved");
      expect(await api.db.transaction((tx) => recordReferralCommissions(tx, [unpaid]))).toEqual([]);
    });

    it("gives distinct roll numbers to students paid at the same time", async () => {
      const ids = await Promise.all([referred("approved", 9), referred("approved", 9), referred("approved", 9)]);
      const answers = await Promise.all(ids.map((id) => markPaid(id)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const rolls = answers.map((a) => a.body.data.roll_number);
      expect(new Set(rolls).size).toBe(3);
    });

    it("earns nothing for a rejected referral, and reverses once when a paid referral is refunded or rejected", async () => {
      const rejected = await referred("rejected");
      const paid = await markPaid(rejected);
      expect(paid.status).toBe(200);
      expect(paid.body.data.commission).toBeNull();
      expect(await entriesOf(rejected)).toHaveLength(0);

      const refunded = await referred("approved");
      await markPaid(refunded);
      await api.db.transaction((tx) => reverseReferralCommissions(tx, [refunded]));
      await api.db.transaction((tx) => reverseReferralCommissions(tx, [refunded]));
      const entries = await entriesOf(refunded);
      expect(entries.map((e) => [e.kind, e.amountMinor])).toEqual([
        ["earned", 5000],
        ["reversal", -5000],
      ]);
      expect(entries[1]?.reversesEntryId).toBe(entries[0]?.id);

      // A school rejecting a referral it left pending after the student paid: the commission goes.
      const late = await referred("pending");
      await markPaid(late);
      expect((await changeStatus(late, { status: "rejected", reason: "Not ours after all" })).status).toBe(200);
      expect((await entriesOf(late)).reduce((sum, e) => sum + e.amountMinor, 0)).toBe(0);
    });

    it("approves earned entries whose referral the school approved, keeping the others with the reason", async () => {
      const ok = await referred("approved");
      const waiting = await referred("pending");
      await markPaid(ok);
      await markPaid(waiting);
      const [okEntry] = await entriesOf(ok);
      const [waitingEntry] = await entriesOf(waiting);
      const answer = await api.call("POST", "/api/admin/referral-ledger/approve", {
        token: await admin(),
        json: { ids: [okEntry?.id, waitingEntry?.id, 999_999] },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.approved).toEqual([okEntry?.id]);
      expect(answer.body.data.kept).toEqual([
        { id: waitingEntry?.id, reason: "The school has not approved this referral yet" },
        { id: 999_999, reason: "Entry not found" },
      ]);
      const twice = await api.call("POST", "/api/admin/referral-ledger/approve", {
        token: await admin(),
        json: { ids: [okEntry?.id] },
      });
      expect(twice.body.data.kept[0].reason).toBe("Already approved");
      const list = await api.call("GET", `/api/admin/referral-ledger?school_id=${schoolId}&status=approved`, {
        token: await admin(),
      });
      expect(list.body.data.items.map((e: { id: number }) => e.id)).toContain(okEntry?.id);
      expect(list.body.data.sums.approved).toBe(
        list.body.data.items.reduce((s: number, e: { amount_minor: number }) => s + e.amount_minor, 0),
      );
    });

    it("pays out only to verified bank details, all approved entries in one transaction", async () => {
      const token = await admin();
      const pay = (reference: string) =>
        api.call("POST", "/api/admin/referral-payouts", {
          token,
          json: { school_id: schoolId, reference, paid_on: "2026-11-20" },
        });
      const approvedBefore = await api.db
        .select()
        .from(referralLedger)
        .where(and(eq(referralLedger.schoolId, schoolId), eq(referralLedger.status, "approved")));
      expect(approvedBefore.length).toBeGreaterThan(0);

      // No bank details, then unverified ones: refused, nothing moves.
      const none = await pay("UTR0001");
      expect(none.status).toBe(409);
      expect(none.body.message).toMatch(/verified bank details/);
      expect((await api.call("POST", `/api/school/${schoolId}/bank-details/verify`, { token })).status).toBe(409);
      const form = new FormData();
      for (const [name, value] of Object.entries({
        account_holder: "Demo School Trust",
        account_number: "123456789012",
        confirm_account_number: "123456789012",
        ifsc: "SBIN0001234",
        bank_name: "State Bank of India",
        branch: "Pune Camp",
        password: DEMO_PASSWORD,
      })) {
        form.set(name, value);
      }
      expect((await api.call("POST", `/api/school/${schoolId}/bank-details`, { token, body: form })).status).toBe(200);
      expect((await pay("UTR0001")).status).toBe(409);
      const verified = await api.call("POST", `/api/school/${schoolId}/bank-details/verify`, { token });
      expect(verified.status).toBe(200);
      expect(verified.body.data.verified_at).not.toBeNull();

      // Earnings before, then the payout moves exactly the approved entries.
      const before = await api.call("GET", "/api/get-referral-earnings-dashboard", { token: await school() });
      const approvedSum = approvedBefore.reduce((sum, e) => sum + e.amountMinor, 0);
      expect(before.body.data.totals.approved).toBe(approvedSum);
      const payout = await pay("UTR0001");
      expect(payout.status).toBe(201);
      expect(payout.body.data).toMatchObject({ amount_minor: approvedSum, entries: approvedBefore.length });
      const after = await api.call("GET", "/api/get-referral-earnings-dashboard", { token: await school() });
      expect(after.body.data.totals).toMatchObject({
        approved: 0,
        paid_out: before.body.data.totals.paid_out + approvedSum,
        earned: before.body.data.totals.earned,
      });
      expect(after.body.data.by_month.reduce((s: number, m: { earned: number }) => s + m.earned, 0)).toBe(
        after.body.data.totals.earned,
      );
      const moved = await api.db.select().from(referralLedger).where(eq(referralLedger.payoutId, payout.body.data.id));
      expect(moved.map((e) => e.id).sort()).toEqual(approvedBefore.map((e) => e.id).sort());
      expect(moved.every((e) => e.status === "paid_out")).toBe(true);

      // Nothing left to pay; a new approved entry with a used reference: refused and nothing moves.
      expect((await pay("UTR0002")).status).toBe(409);
      const next = await referred("approved");
      await markPaid(next);
      const [entry] = await entriesOf(next);
      await api.call("POST", "/api/admin/referral-ledger/approve", { token, json: { ids: [entry?.id] } });
      const reused = await pay("utr0001");
      expect(reused.status).toBe(409);
      expect(reused.body.errors[0].field).toBe("reference");
      expect((await entriesOf(next))[0]?.status).toBe("approved");

      // A changed account must be verified again.
      form.set("account_number", "999988887777");
      form.set("confirm_account_number", "999988887777");
      const changed = await api.call("POST", `/api/school/${schoolId}/bank-details`, { token, body: form });
      expect(changed.body.data.verified_at).toBeNull();
      expect((await pay("UTR0003")).status).toBe(409);
    });

    it("adds up the school's earnings from its entries", async () => {
      const dashboard = await api.call("GET", "/api/get-referral-earnings-dashboard", { token: await school() });
      expect(dashboard.status).toBe(200);
      const entries = await api.db.select().from(referralLedger).where(eq(referralLedger.schoolId, schoolId));
      const sum = (status?: string) =>
        entries.filter((e) => !status || e.status === status).reduce((s, e) => s + e.amountMinor, 0);
      expect(dashboard.body.data.totals).toEqual({
        earned: sum(),
        pending: sum("earned"),
        approved: sum("approved"),
        paid_out: sum("paid_out"),
      });
      expect(dashboard.body.data.currency).toBe("INR");
      expect(dashboard.body.data.commissions).toBe(
        entries.filter((e) => e.kind === "earned").length - entries.filter((e) => e.kind === "reversal").length,
      );
      expect(dashboard.body.data.by_month.length).toBeGreaterThan(0);
      expect(
        dashboard.body.data.referrals.pending +
          dashboard.body.data.referrals.approved +
          dashboard.body.data.referrals.rejected,
      ).toBe(
        (await api.db.select({ id: students.id }).from(students).where(eq(students.referredBySchoolId, schoolId)))
          .length,
      );
      // The other school has earned nothing.
      const other = await api.call("GET", "/api/get-referral-earnings-dashboard", {
        token: await api.login("otherschool"),
      });
      expect(other.body.data.totals).toEqual({ earned: 0, pending: 0, approved: 0, paid_out: 0 });
    });

    it("exports the referred students and the ledger", async () => {
      const csv = await api.call("POST", "/api/export/referred-students?format=csv", {
        token: await school(),
        json: {},
      });
      expect(csv.status).toBe(200);
      const text = new TextDecoder().decode(csv.body as ArrayBuffer);
      expect(text).toContain("Referral");
      const ledger = await api.call("POST", "/api/export/referral-ledger?format=csv", {
        token: await admin(),
        json: { status: "paid_out" },
      });
      expect(ledger.status).toBe(200);
      expect(new TextDecoder().decode(ledger.body as ArrayBuffer)).toContain("UTR0001");
      expect(
        (await api.call("POST", "/api/export/referral-ledger?format=csv", { token: await school(), json: {} })).status,
      ).toBe(403);
    });
  });
}
