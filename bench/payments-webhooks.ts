// The webhook benchmark (`npm run bench -- --only payments-webhooks`, or part of `npm run bench`),
// on PostgreSQL through the built API server: 1,000 signed `payment.captured` deliveries for 900
// pending orders of one student each (10 % are repeats of an event already sent, as gateways
// retry), 8 at a time, after 200 unmeasured deliveries to orders of their own (the server warms up). Target: ≥ 300 deliveries a second, and exactly one capture, one paid order
// and one roll number per payment. It creates and drops `<prefix>payments` on the server at
// BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { Agent, request as httpRequest } from "node:http";
import { cpus } from "node:os";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { hmacHex, webhookBody } from "../apps/api/src/domains/payments/gateway";
import { admin, benchDatabase } from "./database";
import { type BuiltApi, freshBenchDatabase, type Latency, measureLatency, round, startBuiltApi } from "./support";

const DATABASE = benchDatabase("payments");
const SECRET = "bench-demo-gateway-secret";
const WARM_UP = 200;
export const WEBHOOK_TARGET_PER_SECOND = 300;

export interface WebhookBenchReport extends Latency {
  orders: number;
  deliveries: number;
  duplicates: number;
  captures: number;
  paid_orders: number;
  roll_numbers: number;
  /** Receipts queued for the bench's orders, and how long after the last delivery the last one was. */
  receipts: number;
  receipts_after_ms: number;
  /** The bench client's own CPU per delivery: it shares the two cores with the API and PostgreSQL. */
  client_cpu_ms_per_delivery: number;
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
        from generate_series(1, ${orders + WARM_UP}) g returning id, last_name),
      placed as (
        insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, currency, amount_minor, status, provider,
          provider_order_id)
        select ${ids.year}, 'students', ${ids.user}, ${ids.school}, 'INR', 15000, 'pending', 'demo', 'bench_order_' || kids.id
        from kids returning id, provider_order_id)
      insert into payment_order_items (order_id, student_id, exam_level, description, amount_minor)
      select placed.id, kids.id, 'level1', 'Bench ' || kids.last_name, 15000
      from placed join kids on placed.provider_order_id = 'bench_order_' || kids.id`);
    // The first orders take the warm-up deliveries, and are counted apart.
    await db.execute(sql`
      with warm as (
        update payment_orders set provider_order_id = 'bench_warm_' || id
        where id in (select id from payment_orders where provider_order_id like 'bench_order_%' order by id limit ${WARM_UP})
        returning id)
      update students set dedupe_key = 'bench-warm|' || students.id
      from payment_order_items i join warm on warm.id = i.order_id where i.student_id = students.id`);
    const warmOrders = (
      await queryRows<{ provider_order_id: string }>(
        db,
        sql`select provider_order_id from payment_orders where provider_order_id like 'bench_warm_%' order by id`,
      )
    ).map((r) => r.provider_order_id);
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
    const signed = (d: { orderId: string; event: string; payment: string }) => {
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
    };
    const bodies = deliveries.map(signed);
    const warmUp = warmOrders.map((orderId, i) =>
      signed({ orderId, event: `evt_warm_${i}`, payment: `pay_warm_${i}` }),
    );

    // Errors only: a production API warns at every demo payment (decision 044), and the bench
    // measures settling, not writing thousands of warnings.
    api = await startBuiltApi(url, options.port, { DEMO_GATEWAY_SECRET: SECRET, LOG_LEVEL: "error" });
    const base = api.base;
    // node:http with kept-alive sockets: the client shares the machine's two cores with the API and
    // PostgreSQL, and fetch costs it four times the CPU per request.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const deliver = (body: { raw: string; signature: string; event: string }) =>
      new Promise<void>((resolve, reject) => {
        const request = httpRequest(
          `${base}/api/payments/webhook/demo`,
          {
            method: "POST",
            agent,
            headers: {
              "Content-Type": "application/json",
              "Content-Length": Buffer.byteLength(body.raw),
              "X-Razorpay-Signature": body.signature,
              "X-Razorpay-Event-Id": body.event,
            },
          },
          (response) => {
            response.resume();
            response.on("end", () =>
              response.statusCode === 200 ? resolve() : reject(new Error(`a webhook answered ${response.statusCode}`)),
            );
          },
        );
        request.on("error", reject);
        request.end(body.raw);
      });
    let warm = 0;
    await measureLatency(
      warmUp.length,
      8,
      async () => {
        const body = warmUp[warm++];
        if (body) await deliver(body);
      },
      0,
    );
    let next = 0;
    const cpu0 = process.cpuUsage();
    const figures = await measureLatency(
      bodies.length,
      8,
      async () => {
        const body = bodies[next++ % bodies.length];
        if (body) await deliver(body);
      },
      0,
    );
    const clientCpu = process.cpuUsage(cpu0);
    // The receipts follow each payment after its commit: they are counted once the API has queued them all.
    const followedUp = await waitForReceipts(url, orders + WARM_UP);
    agent.destroy();
    await api.stop();
    api = undefined;

    const check = await freshCounts(url);
    const report = {
      orders,
      deliveries: bodies.length,
      duplicates: bodies.length - orders,
      ...check,
      ...followedUp,
      ...figures,
      client_cpu_ms_per_delivery: round((clientCpu.user + clientCpu.system) / 1000 / bodies.length, 2),
      target_per_second: WEBHOOK_TARGET_PER_SECOND,
      machine: { cpus: cpus().length },
    };
    console.log(
      `webhook bench: ${report.deliveries} deliveries at ${report.per_second}/s (p95 ${report.p95_ms} ms); ${report.captures} captures, ${report.paid_orders} paid orders, ${report.roll_numbers} roll numbers; ${report.receipts} receipts queued ${report.receipts_after_ms} ms after the last delivery`,
    );
    return report;
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}

async function waitForReceipts(url: string, expected: number) {
  const { openDatabase } = await import("@repo/db");
  const database = await openDatabase({ url, maxConnections: 1 });
  const started = performance.now();
  try {
    for (;;) {
      const [row] = await queryRows<{ receipts: number }>(
        database.db,
        sql`select count(*)::int as receipts from mail_messages where once_key like 'payment-receipt:order:%'`,
      );
      const receipts = row?.receipts ?? 0;
      if (receipts >= expected || performance.now() - started > 60_000) {
        return { receipts, receipts_after_ms: Math.round(performance.now() - started) };
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await database.close();
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
