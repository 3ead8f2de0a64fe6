// The referral earnings benchmark (`npm run bench -- --only referral-earnings`, or part of
// `npm run bench`), on PostgreSQL through the built API server (apps/api/dist/bin/server.mjs):
// the school's GET /api/get-referral-earnings-dashboard over a ledger of 200,000 entries.
//  - 200,000 entries over ~67,000 referred students of the demo schools, in every status and over
//    24 months; the measured school (the demo school, user `school`) holds `--referral-share`
//    of them (50,000 by default: a very large referrer), the rest are spread over the others.
//  - p50/p95 of 300 requests one after another, and of 300 with 8 at a time. Target p95 ≤ 50 ms.
// The query's plan is recorded too: it must read the ledger through referral_ledger_school_idx
// alone (an index-only scan), which is what keeps it fast as the ledger grows.
// It creates and drops `<prefix>referrals` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus } from "node:os";
import { queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { admin, benchDatabase } from "./database";
import { type BuiltApi, freshBenchDatabase, measureLatency, round, startBuiltApi } from "./support";

const DATABASE = benchDatabase("referrals");
export const EARNINGS_TARGET_P95_MS = 50;

export interface EarningsFigures {
  scenario: string;
  requests: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  target_p95_ms: number;
}

export interface EarningsBenchReport {
  entries: number;
  school_entries: number;
  seed_seconds: number;
  plan: string;
  results: EarningsFigures[];
  machine: { cpus: number };
}

export async function runReferralEarningsBench(options: {
  adminUrl: string;
  port: number;
  entries?: number;
  schoolEntries?: number;
}): Promise<EarningsBenchReport> {
  const total = options.entries ?? 200_000;
  const mine = Math.min(options.schoolEntries ?? 50_000, total);
  let api: BuiltApi | undefined;
  try {
    console.log(`referral bench: creating ${DATABASE} with ${total.toLocaleString("en")} ledger entries…`);
    const started = performance.now();
    const { url, database } = await freshBenchDatabase(options.adminUrl, DATABASE);
    const db = database.db;
    const [ids] = await queryRows<{ school: number; year: number }>(
      db,
      sql`select u.school_id as school, y.id as year from users u, exam_years y where u.username = 'school' and y.is_active`,
    );
    if (!ids) throw new Error("the demo school or exam year is missing");
    // Three levels per student: ceil(total / 3) referred students. The measured school's share
    // comes first; the others go round the other schools.
    const students = Math.ceil(total / 3);
    const mineStudents = Math.ceil(mine / 3);
    await db.execute(sql`
      insert into students (school_id, exam_year_id, class_level, first_name, last_name, dedupe_key, source,
        payment_status, referred_by_school_id, referral_status, zone_id, state_id, prant_id, district_id)
      select t.id, ${ids.year}, 6 + g % 6, 'Bench', 'Referred ' || g, 'bench-referral|' || g, 'sif', 'paid',
        case when g <= ${mineStudents} then ${ids.school}
          else (select id from schools where id <> ${ids.school} order by id offset (g % (select count(*) - 1 from schools)) limit 1) end,
        'approved', t.zone_id, t.state_id, t.prant_id, t.district_id
      from generate_series(1, ${students}) g, lateral (select * from schools where id <> ${ids.school} order by id limit 1) t`);
    await db.execute(sql`
      insert into referral_commission_rules (exam_level, starts_on, amount_minor) values
        ('mock', '2020-01-01', 2000), ('level1', '2020-01-01', 5000), ('level2', '2020-01-01', 10000)`);
    // One payout per school for the paid-out entries.
    await db.execute(sql`
      insert into referral_payouts (school_id, reference, paid_on, amount_minor, entry_count)
      select distinct referred_by_school_id, 'BENCH-' || referred_by_school_id, current_date, 1, 1
      from students where dedupe_key like 'bench-referral|%'`);
    await db.execute(sql`
      insert into referral_ledger (school_id, student_id, exam_year_id, exam_level, kind, amount_minor, rule_id, status,
        earned_at, approved_at, payout_id)
      select s.referred_by_school_id, s.id, s.exam_year_id, r.exam_level, 'earned', r.amount_minor, r.id,
        st.status, now() - ((s.id * 7 + r.id) % 730) * interval '1 day',
        case when st.status = 'earned' then null else now() end,
        case when st.status = 'paid_out' then p.id end
      from students s
      cross join referral_commission_rules r
      join referral_payouts p on p.school_id = s.referred_by_school_id
      cross join lateral (select case (s.id + r.id) % 10 when 0 then 'earned' when 1 then 'earned' when 2 then 'earned'
        when 3 then 'approved' when 4 then 'approved' else 'paid_out' end as status) st
      where s.dedupe_key like 'bench-referral|%'
      order by s.id, r.id
      limit ${total}`);
    // What autovacuum does on a live server soon after: statistics, and the visibility map that lets
    // the dashboard read the index alone.
    await db.execute(sql`vacuum analyze`);
    const [counted] = await queryRows<{ n: number; mine: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where school_id = ${ids.school})::int as mine from referral_ledger`,
    );
    const planRows = await queryRows<{ "QUERY PLAN": string }>(
      db,
      sql`explain select to_char(earned_month, 'YYYY-MM') as month, status, sum(amount_minor)::bigint as amount
          from referral_ledger where school_id = ${ids.school} group by earned_month, status order by earned_month`,
    );
    const plan = planRows.map((r) => r["QUERY PLAN"]).join("\n");
    await database.close();
    const seedSeconds = round((performance.now() - started) / 1000);
    console.log(
      `referral bench: ${counted?.n} entries (${counted?.mine} the measured school's) in ${seedSeconds} s; plan:\n${plan}`,
    );

    api = await startBuiltApi(url, options.port);
    const headers = await api.signIn("school");
    const base = api.base;

    async function latency(scenario: string, count: number, concurrency: number): Promise<EarningsFigures> {
      const call = async () => {
        const response = await fetch(`${base}/api/get-referral-earnings-dashboard`, { headers });
        const body = (await response.json()) as { data: { totals: { earned: number } } };
        if (response.status !== 200 || !(body.data.totals.earned > 0))
          throw new Error(`the dashboard answered ${response.status}`);
      };
      const { p50_ms, p95_ms } = await measureLatency(count, concurrency, call, 20);
      const figures = { scenario, requests: count, concurrency, p50_ms, p95_ms, target_p95_ms: EARNINGS_TARGET_P95_MS };
      console.log(`referral bench: ${scenario}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms`);
      return figures;
    }

    const results = [
      await latency("earnings dashboard, one at a time", 300, 1),
      await latency("earnings dashboard, 8 at a time", 300, 8),
    ];
    return {
      entries: Number(counted?.n ?? 0),
      school_entries: Number(counted?.mine ?? 0),
      seed_seconds: seedSeconds,
      plan,
      results,
      machine: { cpus: cpus().length },
    };
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}
