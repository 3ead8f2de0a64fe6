import { ORDER_EXPIRES_AFTER_MINUTES } from "@repo/contracts/payments-constants";
import { queryRows } from "@repo/db";
import {
  mailMessages,
  paymentCaptures,
  paymentEvents,
  paymentOrders,
  referralLedger,
  schools,
  smsOutbox,
  students,
  users,
} from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { and, eq, inArray, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUpPaidOrders } from "../src/domains/payments/after-paid";
import { webhookBody } from "../src/domains/payments/gateway";
import { reconcileOrders } from "../src/domains/payments/reconcile";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { jobHandlers } from "../src/services";
import { startTestApi, type TestApi } from "./support";

for (const driver of testDrivers()) {
  describe(`paying for students on ${driver}`, () => {
    let api: TestApi;
    let token: string;
    let schoolId: number;

    beforeAll(async () => {
      api = await startTestApi(driver);
      token = await api.login("school");
      const [own] = await api.db.select({ id: users.schoolId }).from(users).where(eq(users.username, "school"));
      schoolId = Number(own?.id);
      await api.db.update(schools).set({ emailVerifiedAt: new Date() }).where(eq(schools.id, schoolId));
    });
    afterAll(async () => {
      await api?.close();
    });

    /** `count` more unpaid students of the demo school (each test takes its own; more are added when it runs short). */
    let batch = 0;
    async function unpaid(count: number): Promise<number[]> {
      batch += 1;
      await api.db.execute(sql`
        insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, payment_status,
          zone_id, state_id, prant_id, district_id)
        select s.school_id, s.exam_year_id, s.class_level, 'Extra', 'Student ' || g, 'payments-test|' || ${batch} || '|' || g || '|' || s.id,
          'unpaid', s.zone_id, s.state_id, s.prant_id, s.district_id
        from (select * from students where school_id = ${schoolId} order by id limit 1) s, generate_series(1, ${count}) g
        on conflict do nothing`);
      const rows = await api.db
        .select({ id: students.id })
        .from(students)
        .where(
          and(
            eq(students.schoolId, schoolId),
            eq(students.paymentStatus, "unpaid"),
            sql`not exists (select 1 from payment_order_items i where i.student_id = ${students.id})`,
          ),
        )
        .orderBy(students.id)
        .limit(count);
      expect(rows, "enough unpaid demo students").toHaveLength(count);
      return rows.map((r) => r.id);
    }
    const create = (ids: number[], as = token) =>
      api.call("POST", "/api/pay-student/create-payment", { token: as, json: { student_ids: ids } });
    const orderOf = async (id: number) =>
      (await api.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0];
    const statuses = async (ids: number[]) =>
      await api.db
        .select({ s: students.paymentStatus, roll: students.rollNumber })
        .from(students)
        .where(inArray(students.id, ids));
    /** A webhook as the demo gateway signs it. */
    function webhook(
      type: string,
      orderId: number,
      amountMinor: number,
      paymentId: string,
      eventId: string,
      tamper = false,
    ) {
      const raw = webhookBody(type, {
        paymentId,
        providerOrderId: `demo_order_${orderId}`,
        amountMinor,
        currency: "INR",
        status: type === "payment.captured" ? "captured" : "failed",
        method: "card",
        error: null,
      });
      const gateway = api.services.gateway as unknown as { sign(body: string): string };
      const signature = gateway.sign(raw);
      return api.call("POST", "/api/payments/webhook/demo", {
        body: tamper ? raw.replace(`"amount":${amountMinor}`, `"amount":1`) : raw,
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": signature,
          "X-Razorpay-Event-Id": eventId,
        },
      });
    }

    it("quotes the server's amount for the chosen unpaid students, and refuses students not the school's", async () => {
      const ids = await unpaid(2);
      const quote = await api.call("POST", "/api/get-payment-amount", { token, json: { student_ids: ids } });
      expect(quote.status).toBe(200);
      expect(quote.body.data).toMatchObject({ students: 2, fee: { currency: "INR" }, exam_level: "level1" });
      expect(quote.body.data.amount.amount_minor).toBe(2 * quote.body.data.fee.amount_minor);
      const [other] = await api.db
        .select({ id: students.id })
        .from(students)
        .where(sql`${students.schoolId} <> ${schoolId}`)
        .limit(1);
      const refused = await api.call("POST", "/api/get-payment-amount", {
        token,
        json: { student_ids: [...ids, Number(other?.id)] },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain(String(other?.id));
    });

    it("creates an order that holds its students, pays it through the demo gateway, and numbers its invoice", async () => {
      const ids = await unpaid(3);
      // One has an e-mail address of its own and no sign-in yet: it gets one once paid.
      const [withEmail] = await queryRows<{ id: number }>(
        api.db,
        sql`update students set contact_email = ${`paid-student-${driver}@example.org`}
            where id = (select s.id from students s where s.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})
              and not exists (select 1 from users u where u.student_id = s.id) order by s.id limit 1)
            returning id`,
      );
      // The others have no e-mail address: their sign-ins go by SMS (docs/decisions/051).
      const textOnly = (
        await queryRows<{ id: number }>(
          api.db,
          sql`select s.id from students s where s.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
                and coalesce(s.contact_email, '') = '' and not exists (select 1 from users u where u.student_id = s.id)`,
        )
      )
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
      expect(textOnly.length).toBeGreaterThan(0);
      const created = await create(ids);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const orderId = created.body.data.order_id;
      expect(created.body.data).toMatchObject({ students: 3, checkout: { provider: "demo", order_id: orderId } });
      expect((await statuses(ids)).every((s) => s.s === "pending")).toBe(true);
      // The same students cannot be in a second open order.
      expect((await create(ids)).status).toBe(409);
      // While it waits, the order says how to pay it; once paid, it does not.
      const waiting = await api.call("GET", `/api/payments/orders/${orderId}`, { token });
      expect(waiting.body.data.checkout).toEqual({ provider: "demo", order_id: orderId });

      const paid = await api.call("POST", `/api/payments/demo/checkout/${orderId}`, {
        token,
        json: { outcome: "pay" },
      });
      expect(paid.status).toBe(200);
      expect(paid.body.data).toMatchObject({ status: "paid", reference: `ORD-${String(orderId).padStart(6, "0")}` });
      expect(paid.body.data.invoice_number).toMatch(/\/\d{6}$/);
      expect(paid.body.data.checkout).toBeUndefined();
      const after = await statuses(ids);
      expect(after.every((s) => s.s === "paid" && /^\d+$/.test(String(s.roll)))).toBe(true);
      // After the commit, the follow-up queues the receipt (once, even when it runs again) and a job
      // mails each student's sign-in.
      const log = pino({ level: "silent" });
      const handlers = jobHandlers(api.services);
      const runJobs = async () => {
        while ((await followUpPaidOrders(api.services, log)) > 0);
        while (await runNextJob(api.db, handlers, { runnerId: "test-runner", log }));
      };
      await runJobs();
      const receipts = async () =>
        (await api.db.select().from(mailMessages).where(eq(mailMessages.templateKey, "payment-receipt"))).filter((m) =>
          m.subject.includes(`ORD-${String(orderId).padStart(6, "0")} `),
        );
      expect(await receipts()).toHaveLength(1);
      const signIns = async () =>
        await api.db
          .select({ to: mailMessages.toAddress })
          .from(mailMessages)
          .where(
            and(
              eq(mailMessages.templateKey, "student-credentials"),
              sql`${mailMessages.toAddress} like 'paid-student-%'`,
            ),
          );
      expect(await signIns()).toEqual([{ to: `paid-student-${driver}@example.org` }]);
      const texts = async () =>
        (
          await api.db
            .select({ studentId: smsOutbox.studentId, kind: smsOutbox.kind })
            .from(smsOutbox)
            .where(inArray(smsOutbox.studentId, textOnly))
        ).sort((a, b) => Number(a.studentId) - Number(b.studentId));
      const textedEach = textOnly.map((studentId) => ({ studentId, kind: "student-sign-in" }));
      expect(await texts()).toEqual(textedEach);
      expect(
        await api.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.studentId, Number(withEmail?.id))),
      ).toHaveLength(1);
      await api.db.update(paymentOrders).set({ followedUpAt: null }).where(eq(paymentOrders.id, orderId));
      await runJobs();
      expect(await receipts()).toHaveLength(1);
      expect(await signIns()).toHaveLength(1);
      expect(await texts()).toEqual(textedEach);
      // Paying again is refused: the order is not waiting any more.
      expect(
        (await api.call("POST", `/api/payments/demo/checkout/${orderId}`, { token, json: { outcome: "pay" } })).status,
      ).toBe(409);
    });

    it("numbers an order's students in one go: consecutive per state and class, a roll number kept", async () => {
      const ids = await unpaid(5);
      // Two classes, and one student who kept the roll number of an earlier, refunded payment.
      await api.db
        .update(students)
        .set({ classLevel: 7 })
        .where(inArray(students.id, ids.slice(0, 2)));
      await api.db
        .update(students)
        .set({ classLevel: 9 })
        .where(inArray(students.id, ids.slice(2)));
      const keeper = Number(ids[4]);
      await api.db.update(students).set({ rollNumber: "KEPT000001" }).where(eq(students.id, keeper));
      const order = (await create(ids)).body.data;
      const paid = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor,
        `pay_many_${driver}`,
        `evt_many_${driver}`,
      );
      expect(paid.body.data.outcome).toBe("applied");
      const rows = await api.db
        .select({
          id: students.id,
          cls: students.classLevel,
          state: students.stateId,
          roll: students.rollNumber,
          s: students.paymentStatus,
        })
        .from(students)
        .where(inArray(students.id, ids));
      expect(rows.every((r) => r.s === "paid")).toBe(true);
      expect(rows.find((r) => r.id === keeper)?.roll).toBe("KEPT000001");
      for (const cls of [7, 9]) {
        const mine = rows.filter((r) => r.cls === cls && r.id !== keeper).sort((a, b) => a.id - b.id);
        expect(mine).toHaveLength(2);
        const prefix = `${String(mine[0]?.state).padStart(2, "0")}${String(cls).padStart(2, "0")}`;
        expect(mine.every((r) => r.roll?.startsWith(prefix) && r.roll.length === 10)).toBe(true);
        const numbers = mine.map((r) => Number(r.roll?.slice(4)));
        // Consecutive, in the students' order, and above every roll number given before with the prefix.
        expect(numbers).toEqual(numbers.map((_, i) => Number(numbers[0]) + i));
        const [before] = await queryRows<{ top: string }>(
          api.db,
          sql`select max(roll_number) as top from students where roll_number like ${`${prefix}%`}
              and not (id in (${sql.join(
                mine.map((r) => sql`${r.id}`),
                sql`, `,
              )}))`,
        );
        expect(Number(numbers[0])).toBe(Number(before?.top?.slice(4) ?? 0) + 1);
      }
    });

    it("refuses a tampered webhook with 400 and stores nothing", async () => {
      const ids = await unpaid(1);
      const order = (await create(ids)).body.data;
      const before = (await api.db.select().from(paymentEvents)).length;
      const tampered = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor,
        "pay_tampered",
        "evt_tampered",
        true,
      );
      expect(tampered.status).toBe(400);
      const unsigned = await api.call("POST", "/api/payments/webhook/demo", {
        body: "{}",
        headers: { "Content-Type": "application/json" },
      });
      expect(unsigned.status).toBe(400);
      expect((await api.db.select().from(paymentEvents)).length).toBe(before);
      expect((await orderOf(order.order_id))?.status).toBe("pending");
    });

    it("refuses a signed webhook whose fields the columns cannot hold with 400 naming the field, storing nothing", async () => {
      const ids = await unpaid(1);
      const order = (await create(ids)).body.data;
      const before = (await api.db.select().from(paymentEvents)).length;
      const gateway = api.services.gateway as unknown as { sign(body: string): string };
      const entity = {
        id: "pay_hostile",
        entity: "payment",
        order_id: `demo_order_${order.order_id}`,
        amount: order.amount.amount_minor,
        currency: "INR",
        status: "captured",
        method: "card",
      };
      const cases: [Record<string, unknown>, string, string?][] = [
        [{ currency: "INRX" }, "currency"],
        [{ currency: "" }, "currency"],
        [{ currency: 356 }, "currency"],
        [{ amount: "abc" }, "amount"],
        [{ amount: 1.5 }, "amount"],
        [{ amount: 1e30 }, "amount"],
        [{ amount: -100 }, "amount"],
        [{ id: "p".repeat(300) }, "id"],
        [{ method: "x".repeat(300) }, "method"],
        [{ method: "card\u0000" }, "method", '"method":"card\\u0000"'],
        [{ status: 7 }, "status"],
      ];
      for (const [change, field, raw] of cases) {
        let body = JSON.stringify({
          entity: "event",
          event: "payment.captured",
          payload: { payment: { entity: { ...entity, ...change } } },
        });
        if (raw) body = body.replace(/"method":"card[^"]*"/, raw);
        const result = await api.call("POST", "/api/payments/webhook/demo", {
          body,
          headers: {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": gateway.sign(body),
            "X-Razorpay-Event-Id": `evt_hostile_${field}_${cases.findIndex((c) => c[0] === change)}`,
          },
        });
        expect(result.status, JSON.stringify(change)).toBe(400);
        expect(JSON.stringify(result.body.errors ?? result.body.message), JSON.stringify(change)).toContain(field);
      }
      // An event id past what a gateway sends is refused too; the header is text the portal keeps.
      const good = webhookBody("payment.captured", {
        paymentId: "pay_ok_id",
        providerOrderId: `demo_order_${order.order_id}`,
        amountMinor: order.amount.amount_minor,
        currency: "INR",
        status: "captured",
        method: "card",
        error: null,
      });
      const longId = await api.call("POST", "/api/payments/webhook/demo", {
        body: good,
        headers: {
          "Content-Type": "application/json",
          "X-Razorpay-Signature": gateway.sign(good),
          "X-Razorpay-Event-Id": "e".repeat(300),
        },
      });
      expect(longId.status).toBe(400);
      expect((await api.db.select().from(paymentEvents)).length).toBe(before);
      expect((await orderOf(order.order_id))?.status).toBe("pending");
    });

    it("applies the same webhook delivered three times at once exactly once", async () => {
      const ids = await unpaid(2);
      // Both were referred by another school, under a commission rule: one ledger entry each.
      const [referrer] = await api.db
        .select({ id: schools.id })
        .from(schools)
        .where(sql`${schools.id} <> ${schoolId}`)
        .limit(1);
      await api.db.execute(sql`insert into referral_commission_rules (exam_level, starts_on, amount_minor, currency)
        select 'level1', '2020-01-01', 4000, 'INR' where not exists (select 1 from referral_commission_rules)`);
      await api.db
        .update(students)
        .set({ referredBySchoolId: Number(referrer?.id), referralStatus: "approved" })
        .where(inArray(students.id, ids));
      const order = (await create(ids)).body.data;
      const results = await Promise.all(
        [1, 2, 3].map(() =>
          webhook(
            "payment.captured",
            order.order_id,
            order.amount.amount_minor,
            `pay_triple_${driver}`,
            `evt_triple_${driver}`,
          ),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(results.map((r) => r.body.data.outcome).sort()).toEqual(["applied", "duplicate-event", "duplicate-event"]);
      const captures = await api.db.select().from(paymentCaptures).where(eq(paymentCaptures.orderId, order.order_id));
      expect(captures).toHaveLength(1);
      const rolls = await statuses(ids);
      expect(new Set(rolls.map((r) => r.roll)).size).toBe(2);
      const ledger = await api.db.select().from(referralLedger).where(inArray(referralLedger.studentId, ids));
      expect(ledger.map((e) => [e.studentId, e.schoolId, e.kind, e.amountMinor]).sort()).toEqual(
        ids.map((id) => [id, Number(referrer?.id), "earned", 4000]).sort(),
      );
      const invoice = (await orderOf(order.order_id))?.invoiceNumber;
      expect(invoice).toBeGreaterThan(0);
      // The same payment under another event id (the return and the webhook) is not applied twice.
      const again = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor,
        `pay_triple_${driver}`,
        `evt_other_${driver}`,
      );
      expect(again.body.data.outcome).toBe("already-recorded");
      // A second, different payment for the paid order is a duplicate, held for a refund.
      const second = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor,
        `pay_second_${driver}`,
        `evt_second_${driver}`,
      );
      expect(second.body.data.outcome).toBe("duplicate");
      expect((await orderOf(order.order_id))?.invoiceNumber).toBe(invoice);
      expect(await api.db.select().from(referralLedger).where(inArray(referralLedger.studentId, ids))).toHaveLength(2);
    });

    it("holds a payment of the wrong amount for review and does not pay the order", async () => {
      const ids = await unpaid(1);
      const order = (await create(ids)).body.data;
      const short = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor - 100,
        `pay_short_${driver}`,
        `evt_short_${driver}`,
      );
      expect(short.body.data.outcome).toBe("mismatch");
      const row = await orderOf(order.order_id);
      expect(row?.status).toBe("pending");
      expect(row?.statusReason).toMatch(/does not match the order/);
      expect((await statuses(ids))[0]?.s).toBe("pending");
    });

    it("leaves a failed payment's students unpaid and payable again; a payment after that is late, for a refund", async () => {
      const ids = await unpaid(2);
      const order = (await create(ids)).body.data;
      const failed = await api.call("POST", `/api/payments/demo/checkout/${order.order_id}`, {
        token,
        json: { outcome: "fail" },
      });
      expect(failed.body.data.status).toBe("failed");
      expect((await statuses(ids)).every((s) => s.s === "unpaid")).toBe(true);
      const late = await webhook(
        "payment.captured",
        order.order_id,
        order.amount.amount_minor,
        `pay_late_${driver}`,
        `evt_late_${driver}`,
      );
      expect(late.body.data.outcome).toBe("late");
      expect((await statuses(ids)).every((s) => s.s === "unpaid")).toBe(true);
      // Payable again, in a new order.
      expect((await create(ids)).status).toBe(200);
    });

    it("numbers invoices without gaps or repeats when many orders are paid at once", async () => {
      const ids = await unpaid(12);
      const orders = [];
      for (const id of ids) orders.push((await create([id])).body.data);
      await Promise.all(
        orders.map((o, i) =>
          webhook(
            "payment.captured",
            o.order_id,
            o.amount.amount_minor,
            `pay_many_${driver}_${i}`,
            `evt_many_${driver}_${i}`,
          ),
        ),
      );
      const numbers = (
        await api.db
          .select({ n: paymentOrders.invoiceNumber })
          .from(paymentOrders)
          .where(sql`${paymentOrders.invoiceNumber} is not null`)
      )
        .map((r) => Number(r.n))
        .sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(numbers.length).toBeGreaterThanOrEqual(13);
    });

    it("reconciles orders stuck for 30 minutes: a payment the gateway holds settles one, none expires the other", async () => {
      const paidIds = await unpaid(1);
      const paidLater = (await create(paidIds)).body.data;
      const lostIds = await unpaid(1);
      const lost = (await create(lostIds)).body.data;
      const fresh = (await create(await unpaid(1))).body.data;
      await api.db
        .update(paymentOrders)
        .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
        .where(inArray(paymentOrders.id, [paidLater.order_id, lost.order_id]));
      // The gateway (a test double of the third party) holds a captured payment for one order only.
      const gateway = api.services.gateway;
      const original = gateway.orderPayments;
      gateway.orderPayments = async (providerOrderId) =>
        providerOrderId === `demo_order_${paidLater.order_id}`
          ? [
              {
                paymentId: `pay_reconciled_${driver}`,
                providerOrderId,
                amountMinor: paidLater.amount.amount_minor,
                currency: "INR",
                status: "captured",
                method: "upi",
                error: null,
              },
            ]
          : [];
      try {
        const result = await reconcileOrders(api.services);
        expect(result).toMatchObject({ settled: 1, expired: 1 });
      } finally {
        gateway.orderPayments = original;
      }
      expect((await orderOf(paidLater.order_id))?.status).toBe("paid");
      expect((await statuses(paidIds))[0]?.s).toBe("paid");
      expect((await orderOf(lost.order_id))?.status).toBe("expired");
      expect((await statuses(lostIds))[0]?.s).toBe("unpaid");
      expect((await orderOf(fresh.order_id))?.status).toBe("pending");
    });

    it("asks an unverified school to verify its e-mail before paying", async () => {
      const ids = await unpaid(1);
      await api.db.update(schools).set({ emailVerifiedAt: null }).where(eq(schools.id, schoolId));
      try {
        const refused = await create(ids);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/Verify your school's e-mail address before paying/);
        expect((await statuses(ids))[0]?.s).toBe("unpaid");
      } finally {
        await api.db.update(schools).set({ emailVerifiedAt: new Date() }).where(eq(schools.id, schoolId));
      }
    });

    it("lets only schools and master institutes pay, each for its own", async () => {
      const ids = await unpaid(1);
      for (const [username, app] of [
        ["zonal", "coordinator"],
        ["paysupport", "coordinator"],
        ["institute", "school"],
      ] as const) {
        const other = await api.login(username, app);
        expect((await create(ids, other)).status, username).toBe(403);
      }
      const institute = await api.login("masterinstitute");
      const refused = await api.call("POST", "/api/master-institute/pay-student/create-payment", {
        token: institute,
        json: { student_ids: ids },
      });
      expect(refused.status).toBe(409);
      expect((await api.call("GET", "/api/payments/orders/999999", { token })).status).toBe(404);
    });

    describe("an unfinished payment (decision 054)", () => {
      const cancel = (orderId: number, as = token) =>
        api.call("POST", `/api/payments/orders/${orderId}/cancel`, { token: as });

      it("says when it releases its students, counts them as held, and is cancelled by its payer at once", async () => {
        const ids = await unpaid(2);
        const before = (await api.call("POST", "/api/get-payment-amount", { token, json: {} })).body.data;
        const order = (await create(ids)).body.data;
        const after = (await api.call("POST", "/api/get-payment-amount", { token, json: {} })).body.data;
        expect(after.students).toBe(before.students - 2);
        expect(after.held).toBe(before.held + 2);
        const row = await orderOf(order.order_id);
        const releasesAt = new Date(Number(row?.createdAt.getTime()) + ORDER_EXPIRES_AFTER_MINUTES * 60_000);
        const open = await api.call("GET", "/api/payments/open-orders?purpose=students", { token });
        expect(open.status).toBe(200);
        expect(open.body.data).toContainEqual(
          expect.objectContaining({ id: order.order_id, items: 2, releases_at: releasesAt.toISOString() }),
        );
        // Continue: the order still offers its checkout.
        const waiting = await api.call("GET", `/api/payments/orders/${order.order_id}`, { token });
        expect(waiting.body.data).toMatchObject({ status: "pending", releases_at: releasesAt.toISOString() });
        expect(waiting.body.data.checkout).toBeDefined();

        const cancelled = await cancel(order.order_id);
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        expect(cancelled.body.data).toMatchObject({ status: "cancelled", releases_at: null });
        expect(cancelled.body.data.checkout).toBeUndefined();
        expect((await statuses(ids)).every((s) => s.s === "unpaid")).toBe(true);
        const open2 = await api.call("GET", "/api/payments/open-orders", { token });
        expect(open2.body.data.map((o: { id: number }) => o.id)).not.toContain(order.order_id);
        // Not payable at the demo gateway any more, not cancelled twice; its students pay in a new order.
        const pay = await api.call("POST", `/api/payments/demo/checkout/${order.order_id}`, {
          token,
          json: { outcome: "pay" },
        });
        expect(pay.status).toBe(409);
        const again = await cancel(order.order_id);
        expect(again.status).toBe(409);
        expect(again.body.message).toMatch(/cancelled: only a payment that is not finished can be cancelled/);
        expect((await create(ids)).status).toBe(200);
      });

      it("is cancelled only by its payer", async () => {
        const order = (await create(await unpaid(1))).body.data;
        const institute = await api.login("masterinstitute");
        expect((await cancel(order.order_id, institute)).status).toBe(404);
        const zonal = await api.login("zonal", "coordinator");
        expect((await cancel(order.order_id, zonal)).status).toBe(403);
        expect((await orderOf(order.order_id))?.status).toBe("pending");
      });

      it("takes a payment that arrives after the cancel as late, for a refund, and changes no student", async () => {
        const ids = await unpaid(1);
        const order = (await create(ids)).body.data;
        expect((await cancel(order.order_id)).status).toBe(200);
        const late = await webhook(
          "payment.captured",
          order.order_id,
          order.amount.amount_minor,
          `pay_after_cancel_${driver}`,
          `evt_after_cancel_${driver}`,
        );
        expect(late.body.data.outcome).toBe("late");
        expect((await orderOf(order.order_id))?.status).toBe("cancelled");
        expect((await statuses(ids))[0]?.s).toBe("unpaid");
        const [capture] = await api.db
          .select({ outcome: paymentCaptures.outcome })
          .from(paymentCaptures)
          .where(eq(paymentCaptures.providerPaymentId, `pay_after_cancel_${driver}`));
        expect(capture?.outcome).toBe("late");
      });

      it("refuses a cancel after the payment arrived: the order stays paid", async () => {
        const ids = await unpaid(1);
        const order = (await create(ids)).body.data;
        const paid = await webhook(
          "payment.captured",
          order.order_id,
          order.amount.amount_minor,
          `pay_before_cancel_${driver}`,
          `evt_before_cancel_${driver}`,
        );
        expect(paid.body.data.outcome).toBe("applied");
        const refused = await cancel(order.order_id);
        expect(refused.status).toBe(409);
        expect(refused.body.message).toMatch(/is paid/);
        expect((await orderOf(order.order_id))?.status).toBe("paid");
        expect((await statuses(ids))[0]?.s).toBe("paid");
      });

      it("releases its students by itself at the time it showed, not before", async () => {
        const ids = await unpaid(1);
        const order = (await create(ids)).body.data;
        const shown = new Date(
          (await api.call("GET", `/api/payments/orders/${order.order_id}`, { token })).body.data.releases_at,
        );
        await reconcileOrders(api.services, new Date(shown.getTime() - 1000));
        expect((await orderOf(order.order_id))?.status).toBe("pending");
        await reconcileOrders(api.services, new Date(shown.getTime() + 1000));
        expect((await orderOf(order.order_id))?.status).toBe("expired");
        expect((await statuses(ids))[0]?.s).toBe("unpaid");
      });
    });
  });
}
