import { queryRows } from "@repo/db";
import { schools, students, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookBody } from "../src/domains/payments/gateway";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`the pay-support desk on ${driver}`, () => {
    let api: TestApi;
    let school: string;
    let support: string;
    let schoolId: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      school = await api.login("school");
      support = await api.login("paysupport", "coordinator");
      const [own] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(own?.id);
      await api.db.update(schools).set({ emailVerifiedAt: new Date() }).where(eq(schools.id, schoolId));
      await api.db.execute(sql`
        insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, payment_status,
          zone_id, state_id, prant_id, district_id)
        select s.school_id, s.exam_year_id, 7, 'Desk', 'Student ' || g, 'pay-support-test|' || g, 'unpaid',
          s.zone_id, s.state_id, s.prant_id, s.district_id
        from (select * from students where school_id = ${schoolId} order by id limit 1) s, generate_series(1, 9) g`);
    });
    afterAll(async () => {
      await api?.close();
    });

    const deskStudents = async (...numbers: number[]) =>
      (
        await api.db
          .select({ id: students.id })
          .from(students)
          .where(
            inArray(
              students.lastName,
              numbers.map((n) => `Student ${n}`),
            ),
          )
      ).map((s) => s.id);
    const order = async (ids: number[]) =>
      (await api.call("POST", "/api/pay-student/create-payment", { token: school, json: { student_ids: ids } })).body
        .data;
    const desk = (path: string, method = "GET", json?: unknown) =>
      api.call(method, `/api/paysupport/orders${path}`, { token: support, json });
    /** A payment of the order (in full unless `amountMinor` says), as the demo gateway's webhook brings it. */
    const payOrder = (
      placed: { order_id: number; amount: { amount_minor: number } },
      paymentId: string,
      eventId: string,
      amountMinor = placed.amount.amount_minor,
    ) => {
      const raw = webhookBody("payment.captured", {
        paymentId,
        providerOrderId: `demo_order_${placed.order_id}`,
        amountMinor,
        currency: "INR",
        status: "captured",
        method: "card",
        error: null,
      });
      const signature = (api.services.gateway as unknown as { sign(body: string): string }).sign(raw);
      return api.call("POST", "/api/payments/webhook/demo", {
        body: raw,
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": signature,
          "X-Razorpay-Event-Id": eventId,
        },
      });
    };
    const statusOf = async (ids: number[]) =>
      (await api.db.select({ s: students.paymentStatus }).from(students).where(inArray(students.id, ids))).map(
        (r) => r.s,
      );

    it("finds an order by its reference, by a student's name, or as waiting; and shows its students", async () => {
      const ids = await deskStudents(1, 2);
      const placed = await order(ids);
      for (const search of [placed.reference, String(placed.order_id), "Desk Student 2"]) {
        const found = await desk(`?search=${encodeURIComponent(search)}`);
        expect(found.status).toBe(200);
        expect(
          found.body.data.items.map((r: { id: number }) => r.id),
          search,
        ).toContain(placed.order_id);
      }
      const waiting = await desk("?view=waiting");
      expect(waiting.body.data.items.every((r: { status: string }) => r.status === "pending")).toBe(true);
      const detail = await desk(`/${placed.order_id}`);
      expect(detail.body.data).toMatchObject({
        reference: placed.reference,
        students: 2,
        status: "pending",
        payer_username: "school",
      });
      expect(detail.body.data.items.map((i: { description: string }) => i.description).sort()).toEqual([
        "Desk Student 1",
        "Desk Student 2",
      ]);
      // Expired by hand: the students can be paid for again.
      const expired = await desk(`/${placed.order_id}/expire`, "POST");
      expect(expired.body.data.status).toBe("expired");
      expect(await statusOf(ids)).toEqual(["unpaid", "unpaid"]);
      expect((await desk(`/${placed.order_id}/expire`, "POST")).status).toBe(409);
    });

    it("marks an order paid by hand with a reference and a reason, and pays its students", async () => {
      const ids = await deskStudents(3);
      const placed = await order(ids);
      const missing = await desk(`/${placed.order_id}/mark-paid`, "POST", { reference: "", reason: "" });
      expect(missing.status).toBe(400);
      expect(missing.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["reason", "reference"]);
      const paid = await desk(`/${placed.order_id}/mark-paid`, "POST", {
        reference: "NEFT-884120",
        reason: "The school paid by bank transfer after the gateway failed",
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: "paid", manual_reference: "NEFT-884120" });
      expect(paid.body.data.invoice_number).toMatch(/\/\d{6}$/);
      expect(await statusOf(ids)).toEqual(["paid"]);
    });

    it("lists held mismatches under attention, and reconciles an order from the gateway now", async () => {
      const ids = await deskStudents(4);
      const placed = await order(ids);
      // A payment of the wrong amount: held for review.
      await payOrder(placed, `pay_short_${driver}`, `evt_short_${driver}`, 100);
      const attention = await desk("?view=attention");
      const row = attention.body.data.items.find((r: { id: number }) => r.id === placed.order_id);
      expect(row).toMatchObject({ mismatches: 1, status: "pending" });
      const detail = await desk(`/${placed.order_id}`);
      expect(detail.body.data.captures).toMatchObject([{ outcome: "mismatch", amount: { amount_minor: 100 } }]);
      expect(detail.body.data.events).toMatchObject([
        { source: "webhook", type: "payment.captured", outcome: "mismatch" },
      ]);

      // The gateway (a test double) holds the full payment too: reconciling now settles the order.
      const gateway = api.services.gateway;
      const original = gateway.orderPayments;
      gateway.orderPayments = async (providerOrderId) => [
        {
          paymentId: `pay_full_${driver}`,
          providerOrderId,
          amountMinor: placed.amount.amount_minor,
          currency: "INR",
          status: "captured",
          method: "upi",
          error: null,
        },
      ];
      try {
        const now = await desk(`/${placed.order_id}/reconcile`, "POST");
        expect(now.status).toBe(200);
        expect(now.body.message).toMatch(/applied/);
        expect(now.body.data.status).toBe("paid");
      } finally {
        gateway.orderPayments = original;
      }
    });

    it("gives back a duplicate payment once through the gateway, and refuses to give back one that paid its order", async () => {
      const ids = await deskStudents(2);
      const placed = await order(ids);
      const pay = (paymentId: string, eventId: string) => payOrder(placed, paymentId, eventId);
      await pay(`pay_first_${driver}`, `evt_first_${driver}`);
      await pay(`pay_again_${driver}`, `evt_again_${driver}`);
      const refunds: string[] = [];
      const gateway = api.services.gateway;
      const original = gateway.refund;
      gateway.refund = async (paymentId, amount) => {
        refunds.push(`${paymentId}:${amount}`);
        return original(paymentId, amount);
      };
      try {
        const noReason = await desk(`/${placed.order_id}/refund`, "POST", {
          provider_payment_id: `pay_again_${driver}`,
          reason: "",
        });
        expect(noReason.status).toBe(400);
        expect(noReason.body.errors[0].field).toBe("reason");
        const applied = await desk(`/${placed.order_id}/refund`, "POST", {
          provider_payment_id: `pay_first_${driver}`,
          reason: "The school asked for it back",
        });
        expect(applied.status).toBe(409);
        // Two clicks at once: one refund at the gateway.
        const [a, b] = await Promise.all(
          [1, 2].map(() =>
            desk(`/${placed.order_id}/refund`, "POST", {
              provider_payment_id: `pay_again_${driver}`,
              reason: "Paid twice: the second payment goes back",
            }),
          ),
        );
        expect([a?.status, b?.status].sort()).toEqual([200, 409]);
        expect(refunds).toEqual([`pay_again_${driver}:${placed.amount.amount_minor}`]);
        const detail = (await desk(`/${placed.order_id}`)).body.data;
        expect(detail.status).toBe("paid");
        expect(detail.refunds_due).toBe(0);
        const returned = detail.captures.find(
          (c: { provider_payment_id: string }) => c.provider_payment_id === `pay_again_${driver}`,
        );
        expect(returned).toMatchObject({ outcome: "refunded" });
        expect(returned.refund_reference).toMatch(/^rfnd_demo_/);
        expect(detail.events.at(-1)).toMatchObject({ source: "manual", type: "refund.created", outcome: "refunded" });
      } finally {
        gateway.refund = original;
      }
    });

    it("lets an admin refund a paid order once: through the gateway, students payable again, commission reversed, payer mailed", async () => {
      const admin = await api.login("admin", "coordinator");
      const refund = (id: number, json: unknown, token = admin) =>
        api.call("POST", `/api/admin/payment-orders/${id}/refund`, { token, json });
      const ids = await deskStudents(7, 8);
      // Student 7 was referred by another school, under a commission rule.
      const [referrer] = await queryRows<{ id: number }>(
        api.db,
        sql`select id from schools where id <> ${schoolId} order by id limit 1`,
      );
      await api.db.execute(sql`insert into referral_commission_rules (exam_level, starts_on, amount_minor, currency)
        select 'level1', '2020-01-01', 2500, 'INR' where not exists (select 1 from referral_commission_rules)`);
      await api.db
        .update(students)
        .set({ referredBySchoolId: Number(referrer?.id), referralStatus: "approved" })
        .where(eq(students.id, Number(ids[0])));
      const placed = await order(ids);
      expect(
        (await refund(placed.order_id, { reason: "The school paid for the wrong students" })).status,
        "not paid yet",
      ).toBe(409);
      await payOrder(placed, `pay_refund_${driver}`, `evt_refund_${driver}`);
      const rolls = await api.db
        .select({ id: students.id, roll: students.rollNumber })
        .from(students)
        .where(inArray(students.id, ids));
      // Pay support and schools may not; the reason is required.
      expect((await refund(placed.order_id, { reason: "Wrong students" }, support)).status).toBe(403);
      expect((await refund(placed.order_id, { reason: "Wrong students" }, school)).status).toBe(403);
      const noReason = await refund(placed.order_id, { reason: "" });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors[0].field).toBe("reason");

      const refunds: string[] = [];
      const gateway = api.services.gateway;
      const original = gateway.refund;
      gateway.refund = async (paymentId, amount) => {
        refunds.push(`${paymentId}:${amount}`);
        return original(paymentId, amount);
      };
      try {
        // Two clicks at once: one refund at the gateway.
        const answers = await Promise.all(
          [1, 2].map(() => refund(placed.order_id, { reason: "The school paid for the wrong students" })),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
        expect(refunds).toEqual([`pay_refund_${driver}:${placed.amount.amount_minor}`]);
      } finally {
        gateway.refund = original;
      }
      const detail = (await desk(`/${placed.order_id}`)).body.data;
      expect(detail.status).toBe("refunded");
      expect(detail.captures[0]).toMatchObject({ outcome: "refunded" });
      expect(detail.captures[0].refund_reference).toMatch(/^rfnd_demo_/);
      // Unpaid and payable again, each with the roll number it had.
      expect(await statusOf(ids)).toEqual(["unpaid", "unpaid"]);
      const after = await api.db
        .select({ id: students.id, roll: students.rollNumber })
        .from(students)
        .where(inArray(students.id, ids));
      expect(after).toEqual(expect.arrayContaining(rolls));
      const again = await order(ids);
      expect(again.students).toBe(2);
      // The referring school's commission is reversed by a negative entry; the payer is told.
      const ledger = await queryRows<{ kind: string; amount_minor: number }>(
        api.db,
        sql`select kind, amount_minor from referral_ledger where student_id = ${Number(ids[0])} order by id`,
      );
      expect(ledger.map((e) => [e.kind, Number(e.amount_minor)])).toEqual([
        ["earned", 2500],
        ["reversal", -2500],
      ]);
      const [mail] = await queryRows<{ subject: string }>(
        api.db,
        sql`select subject from mail_messages where template_key = 'payment-refunded' order by id desc limit 1`,
      );
      expect(mail?.subject).toBe(`Order ${placed.reference} is refunded`);
      await desk(`/${again.order_id}/expire`, "POST");
    });

    it("refunds an order marked paid by hand only with the reference of how the money went back", async () => {
      const admin = await api.login("admin", "coordinator");
      const ids = await deskStudents(9);
      const placed = await order(ids);
      expect(
        (
          await desk(`/${placed.order_id}/mark-paid`, "POST", {
            reference: "CHQ-7781",
            reason: "Cheque received at the office",
          })
        ).status,
      ).toBe(200);
      const refund = (json: unknown) =>
        api.call("POST", `/api/admin/payment-orders/${placed.order_id}/refund`, { token: admin, json });
      const missing = await refund({ reason: "The cheque bounced" });
      expect(missing.status).toBe(422);
      expect(missing.body.errors[0].field).toBe("reference");
      expect((await statusOf(ids))[0]).toBe("paid");
      const done = await refund({ reason: "The cheque bounced", reference: "Bank return 5521" });
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ status: "refunded" });
      expect(done.body.data.status_reason).toContain("Bank return 5521");
      expect(await statusOf(ids)).toEqual(["unpaid"]);
    });

    it("shows a school's students by payment status with what it paid and still owes, and exports it", async () => {
      const ids = await deskStudents(5, 6);
      const placed = await order(ids.slice(0, 1));
      const [schoolRow] = await queryRows<{ name: string }>(
        api.db,
        sql`select name from schools where id = ${schoolId}`,
      );
      const balances = async (query = "") =>
        (
          await api.call("GET", `/api/paysupport/schools?search=${encodeURIComponent(schoolRow?.name ?? "")}${query}`, {
            token: support,
          })
        ).body.data;
      const page = await balances();
      const mine = page.items.find((r: { school_id: number }) => r.school_id === schoolId);
      expect(mine).toBeDefined();
      const [counts] = await queryRows<{ paid: number; pending: number; unpaid: number; paid_minor: number }>(
        api.db,
        sql`select count(*) filter (where payment_status = 'paid')::int as paid,
              count(*) filter (where payment_status = 'pending')::int as pending,
              count(*) filter (where payment_status = 'unpaid')::int as unpaid,
              (select coalesce(sum(i.amount_minor), 0)::int from payment_order_items i
                join payment_orders o on o.id = i.order_id join students s on s.id = i.student_id
                where s.school_id = ${schoolId} and o.status = 'paid') as paid_minor
            from students where school_id = ${schoolId}`,
      );
      expect(mine).toMatchObject({
        name: schoolRow?.name,
        username: "school",
        paid: counts?.paid,
        pending: counts?.pending,
        unpaid: counts?.unpaid,
        paid_amount: { currency: "INR", amount_minor: counts?.paid_minor },
        due_amount: { currency: "INR", amount_minor: (counts?.unpaid ?? 0) * placed.amount.amount_minor },
      });
      expect(mine.pending).toBeGreaterThanOrEqual(1);
      expect(mine.students).toBe((counts?.paid ?? 0) + (counts?.pending ?? 0) + (counts?.unpaid ?? 0));
      // Only schools that still owe, on request.
      const owing = await balances("&owing=true");
      expect(owing.items.every((r: { unpaid: number }) => r.unpaid > 0)).toBe(true);

      const file = await api.call("POST", "/api/export/school-balances?format=csv", {
        token: support,
        json: { search: schoolRow?.name ?? "" },
      });
      expect(file.status).toBe(200);
      const csv = new TextDecoder().decode(file.body);
      expect(csv).toContain("Amount due");
      expect(csv).toContain(schoolRow?.name ?? "?");
    });

    it("tells schools' orders from individual and referred students' orders", async () => {
      // One of the desk's unpaid students came through another school's referral code.
      const [referred] = await queryRows<{ id: number; school: string }>(
        api.db,
        sql`update students s set referred_by_school_id = rs.id, referral_status = 'pending'
            from (select id, name from schools where id <> ${schoolId} order by id limit 1) rs
            where s.id = (select id from students where school_id = ${schoolId} and payment_status = 'unpaid'
              and last_name like 'Student %' order by id limit 1)
            returning s.id, rs.name as school`,
      );
      expect(referred).toBeDefined();
      const placed = await order([Number(referred?.id)]);
      const ids = (payer: string) =>
        desk(`?payer=${payer}&per_page=100`).then((r) => r.body.data.items.map((o: { id: number }) => o.id));
      expect(await ids("referred")).toContain(placed.order_id);
      expect(await ids("schools")).toContain(placed.order_id);
      expect(await ids("individual")).not.toContain(placed.order_id);
      const row = (await desk(`?search=${placed.reference}`)).body.data.items[0];
      expect(row.referred_by).toBe(referred?.school);
      expect((await desk("?payer=everyone")).status).toBe(400);
      // One school's orders: the demo school's, and not another school's.
      const ofSchool = (await desk(`?school_id=${schoolId}&per_page=100`)).body.data.items.map(
        (o: { id: number }) => o.id,
      );
      expect(ofSchool).toContain(placed.order_id);
      const [other] = await queryRows<{ id: number }>(
        api.db,
        sql`select id from schools where id <> ${schoolId} limit 1`,
      );
      expect(
        (await desk(`?school_id=${other?.id}&per_page=100`)).body.data.items.map((o: { id: number }) => o.id),
      ).not.toContain(placed.order_id);
      await desk(`/${placed.order_id}/expire`, "POST");
    });

    it("is pay support's alone, but for admins, who read orders (to refund one) and act on none", async () => {
      for (const [username, app] of [
        ["school", "school"],
        ["zonal", "coordinator"],
      ] as const) {
        const token = await api.login(username, app);
        expect((await api.call("GET", "/api/paysupport/orders", { token })).status, username).toBe(403);
        expect((await api.call("GET", "/api/paysupport/schools", { token })).status, username).toBe(403);
      }
      const admin = await api.login("admin", "coordinator");
      expect((await api.call("GET", "/api/paysupport/orders", { token: admin })).status).toBe(200);
      expect(
        (await api.call("POST", "/api/export/support-orders?format=csv", { token: admin, json: {} })).status,
        "admins export the orders they read",
      ).toBe(200);
      expect((await api.call("GET", "/api/paysupport/schools", { token: admin })).status).toBe(403);
      expect((await api.call("POST", "/api/paysupport/orders/1/expire", { token: admin })).status, "expire").toBe(403);
      expect((await desk("/999999")).status).toBe(404);
    });
  });
}
