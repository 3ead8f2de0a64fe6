// The webhook benchmark (`npm run bench -- --only payments-webhooks`, or part of `npm run bench`),
// on PostgreSQL through the built API server: 1,000 signed `payment.captured` deliveries for 900
// pending orders of one student each (10 % are repeats of an event already sent, as gateways
// retry), 8 at a time. Target: ≥ 300 deliveries a second, and exactly one capture, one paid order
// and one roll number per payment. It creates and drops `portal_bench_payments` on the server at
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus } from "node:os";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { hmacHex, webhookBody } from "../apps/api/src/services/payments/gateway";
import { admin } from "./database";
import { type BuiltApi, freshBenchDatabase, type Latency, measureLatency, startBuiltApi } from "./support";

const DATABASE = "portal_bench_payments";
const SECRET = "bench-demo-gateway-secret";
export const WEBHOOK_TARGET_PER_SECOND = 300;

export interface WebhookBenchReport extends Latency {
  orders: number;
  deliveries: number;
  duplicates: number;
  captures: number;
  paid_orders: number;
  roll_numbers: number;
  target_per_second: number;
  machine: { cpus: number };
}

export async function runPaymentsWebhookBench(options: {
  adminUrl: string;
  port: number;
}): Promise<WebhookBenchReport> {
  const orders = 900;
  let api: BuiltApi | undefined;
  try {
    console.log(`webhook bench: creating ${DATABASE} with ${orders} pending orders…`);
    const { url, database } = await freshBenchDatabase(options.adminUrl, DATABASE);
    const db = database.db;
    const [ids] = await queryRows<{ user: number; school: number; year: number; state: number; zone: number }>(
      db,
      sql`select u.id as user, u.school_id as school, y.id as year, s.state_id as state, s.zone_id as zone
          from users u join schools s on s.id = u.school_id, exam_years y where u.username = 'school' and y.is_active`,
    );
    if (!ids) throw new Error("the demo school or exam year is missing");
    // As create-payment leaves them: one pending student per pending order.
    await db.execute(sql`
      with kids as (
        insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, payment_status,
          zone_id, state_id)
        select ${ids.school}, ${ids.year}, 6 + g % 6, 'Bench', 'Payer ' || g, 'bench-webhook|' || g, 'pending', ${ids.zone}, ${ids.state}
        from generate_series(1, ${orders}) g returning id, last_name),
      placed as (
        insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, currency, amount_minor, status, provider,
          provider_order_id)
        select ${ids.year}, 'students', ${ids.user}, ${ids.school}, 'INR', 15000, 'pending', 'demo', 'bench_order_' || kids.id
        from kids returning id, provider_order_id)
      insert into payment_order_items (order_id, student_id, exam_level, description, amount_minor)
      select placed.id, kids.id, 'level1', 'Bench ' || kids.last_name, 15000
      from placed join kids on placed.provider_order_id = 'bench_order_' || kids.id`);
    const providerOrders = (
      await queryRows<{ provider_order_id: string }>(
        db,
        sql`select provider_order_id from payment_orders where provider_order_id like 'bench_order_%' order by id`,
      )
    ).map((r) => r.provider_order_id);
    await database.close();

    // 900 first deliveries and 100 repeats of earlier events, shuffled the same way each run.
    const deliveries = providerOrders.map((orderId, i) => ({
      orderId,
      event: `evt_bench_${i}`,
      payment: `pay_bench_${i}`,
    }));
    for (let i = 0; i < 100; i++) {
      const repeat = deliveries[i * 9];
      if (repeat) deliveries.splice(100 + i * 8, 0, { ...repeat });
    }
    const bodies = deliveries.map((d) => {
      const raw = webhookBody("payment.captured", {
        paymentId: d.payment,
        providerOrderId: d.orderId,
        amountMinor: 15000,
        currency: "INR",
        status: "captured",
        method: "card",
        error: null,
      });
      return { raw, signature: hmacHex(SECRET, raw), event: d.event };
    });

    api = await startBuiltApi(url, options.port, { DEMO_GATEWAY_SECRET: SECRET });
    const base = api.base;
    let next = 0;
    const figures = await measureLatency(
      bodies.length,
      8,
      async () => {
        const body = bodies[next++ % bodies.length];
        if (!body) return;
        const response = await fetch(`${base}/api/payments/webhook/demo`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Razorpay-Signature": body.signature,
            "X-Razorpay-Event-Id": body.event,
          },
          body: body.raw,
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`a webhook answered ${response.status}`);
      },
      0,
    );
    await api.stop();
    api = undefined;

    const check = await freshCounts(url);
    const report = {
      orders,
      deliveries: bodies.length,
      duplicates: bodies.length - orders,
      ...check,
      ...figures,
      target_per_second: WEBHOOK_TARGET_PER_SECOND,
      machine: { cpus: cpus().length },
    };
    console.log(
      `webhook bench: ${report.deliveries} deliveries at ${report.per_second}/s (p95 ${report.p95_ms} ms); ${report.captures} captures, ${report.paid_orders} paid orders, ${report.roll_numbers} roll numbers`,
    );
    return report;
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}

async function freshCounts(url: string) {
  const { openDatabase } = await import("@repo/db");
  const database = await openDatabase({ url, maxConnections: 1 });
  try {
    const [row] = await queryRows<{ captures: number; paid_orders: number; roll_numbers: number }>(
      database.db,
      sql`select (select count(*)::int from payment_captures where provider_payment_id like 'pay_bench_%') as captures,
            (select count(*)::int from payment_orders where provider_order_id like 'bench_order_%' and status = 'paid') as paid_orders,
            (select count(distinct roll_number)::int from students where dedupe_key like 'bench-webhook|%' and roll_number is not null) as roll_numbers`,
    );
    return { captures: row?.captures ?? 0, paid_orders: row?.paid_orders ?? 0, roll_numbers: row?.roll_numbers ?? 0 };
  } finally {
    await database.close();
  }
}
