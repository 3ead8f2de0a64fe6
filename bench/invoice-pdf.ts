// The invoice benchmark (`npm run bench -- --only invoice-pdf`, or part of `npm run bench`), on
// PostgreSQL through the built API server: GET /api/generate-school-payment-invoice for a paid
// order of the demo school, rendered by the PDF service (Chromium) each time.
//  - an order of 3 students (a typical small payment) and one of 500 (a large school's), each
//    30 times one after another, and the small one 30 times 4 at a time. Target: ≤ 300 ms each
//    (the small invoice, one at a time, p95).
// It creates and drops `<prefix>invoices` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus } from "node:os";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { admin, benchDatabase } from "./database";
import { type BuiltApi, freshBenchDatabase, type Latency, measureLatency, startBuiltApi } from "./support";

const DATABASE = benchDatabase("invoices");
export const INVOICE_TARGET_MS = 300;

export interface InvoiceBenchReport {
  results: (Latency & { scenario: string; students: number; pdf_bytes: number; target_ms: number })[];
  machine: { cpus: number };
}

export async function runInvoicePdfBench(options: { adminUrl: string; port: number }): Promise<InvoiceBenchReport> {
  let api: BuiltApi | undefined;
  try {
    console.log(`invoice bench: creating ${DATABASE}…`);
    const { url, database } = await freshBenchDatabase(options.adminUrl, DATABASE);
    const [ids] = await queryRows<{ user: number; school: number; year: number; state: number; zone: number }>(
      database.db,
      sql`select u.id as user, u.school_id as school, y.id as year, s.state_id as state, s.zone_id as zone
          from users u join schools s on s.id = u.school_id, exam_years y where u.username = 'school' and y.is_active`,
    );
    if (!ids) throw new Error("the demo school or exam year is missing");
    // Two paid orders as the payment flow leaves them: 3 and 500 students with roll numbers.
    const orders: Record<number, number> = {};
    for (const size of [3, 500]) {
      // The year's next invoice numbers (the demo data has paid orders of its own).
      const [order] = await queryRows<{ id: number }>(
        database.db,
        sql`with invoice as (
              insert into invoice_sequences (exam_year_id, last_value) values (${ids.year}, 1)
              on conflict (exam_year_id) do update set last_value = invoice_sequences.last_value + 1
              returning last_value)
            insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, currency, amount_minor, status,
              provider, provider_payment_id, paid_at, invoice_number, followed_up_at)
            select ${ids.year}, 'students', ${ids.user}, ${ids.school}, 'INR', ${size * 15000}, 'paid', 'demo',
              ${`pay_bench_${size}`}, now(), last_value, now() from invoice returning id`,
      );
      await database.db.execute(sql`
        with kids as (
          insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, payment_status,
            roll_number, zone_id, state_id)
          select ${ids.school}, ${ids.year}, 6 + g % 6, 'Bench', 'Student ' || g, ${`bench-invoice-${size}|`} || g, 'paid',
            ${`B${size}-`} || lpad(g::text, 6, '0'), ${ids.zone}, ${ids.state}
          from generate_series(1, ${size}) g returning id, first_name, last_name)
        insert into payment_order_items (order_id, student_id, exam_level, description, amount_minor)
        select ${order?.id}, id, 'level1', first_name || ' ' || last_name, 15000 from kids`);
      orders[size] = Number(order?.id);
    }
    await database.close();

    api = await startBuiltApi(url, options.port);
    const headers = await api.signIn("school");
    const base = api.base;
    let bytes = 0;
    const fetchInvoice = (orderId: number) => async () => {
      const response = await fetch(`${base}/api/generate-school-payment-invoice?order_id=${orderId}`, { headers });
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200 || String.fromCharCode(...body.subarray(0, 5)) !== "%PDF-") {
        throw new Error(`the invoice answered ${response.status}`);
      }
      bytes = body.byteLength;
    };
    const results: InvoiceBenchReport["results"] = [];
    for (const [scenario, students, concurrency] of [
      ["3 students, one at a time", 3, 1],
      ["500 students, one at a time", 500, 1],
      ["3 students, 4 at a time", 3, 4],
    ] as const) {
      const figures = await measureLatency(30, concurrency, fetchInvoice(orders[students] ?? 0), 3);
      results.push({ scenario, students, pdf_bytes: bytes, target_ms: INVOICE_TARGET_MS, ...figures });
      console.log(
        `invoice bench: ${scenario}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms, ${figures.per_second}/s, ${bytes} bytes`,
      );
    }
    return { results, machine: { cpus: cpus().length } };
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}
