// `npm run seed:scale -- --students 1000000 --schools 50000 [--coordinators 2000] [--school-accounts 200]`
// Fills a database at national scale for benchmarks: demo data first (when empty), then a
// district-level geography for every Indian state, the schools and students in bulk with
// INSERT … SELECT over generate_series (never row by row), and coordinators with assignments.
// Uses DATABASE_DIRECT_URL or DATABASE_URL when set (the direct one: it opens its pool as without a
// pooler, decision 066), else the embedded database in DATA_DIR (default .data/pglite).
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { type Db, openDatabase, queryRows } from "../client";
import { seedDemoData } from "./demo";

export interface ScaleOptions {
  students: number;
  schools: number;
  coordinators: number;
  /** School accounts (role 2, username `scaleschool<school id>`, the demo password) for the first verified schools; none by default. */
  schoolAccounts?: number;
}

export interface ScaleReport extends ScaleOptions {
  seconds: {
    geography: number;
    schools: number;
    students: number;
    coordinators: number;
    school_accounts: number;
    orders: number;
    analyze: number;
    total: number;
  };
}

const PRANTS_PER_STATE = 2;
const DISTRICTS_PER_PRANT = 10;
const CITIES_PER_DISTRICT = 3;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) / 10) / 100;
}

/** Adds prants, districts and cities to every state that has none (about 720 districts). */
async function growGeography(db: Db) {
  await db.execute(sql`
    insert into prants (state_id, name)
    select s.id, s.name || ' Prant ' || g from states s cross join generate_series(1, ${PRANTS_PER_STATE}) g
    where not exists (select 1 from prants p where p.state_id = s.id)`);
  await db.execute(sql`
    insert into districts (prant_id, name)
    select p.id, p.name || ' District ' || lpad(g::text, 2, '0') from prants p cross join generate_series(1, ${DISTRICTS_PER_PRANT}) g
    where not exists (select 1 from districts d where d.prant_id = p.id)`);
  await db.execute(sql`
    insert into cities (district_id, name)
    select d.id, d.name || ' City ' || g from districts d cross join generate_series(1, ${CITIES_PER_DISTRICT}) g
    where not exists (select 1 from cities c where c.district_id = d.id)`);
}

/** Row counts are read first and inlined, so the joins below are plain hash joins on a number. */
async function countOf(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`));
  return Number(row?.n ?? 0);
}

async function addSchools(db: Db, count: number) {
  const total = await countOf(db, "cities");
  await db.execute(sql`
    with places as (
      select c.id as city_id, c.name as city, d.id as district_id, p.id as prant_id, s.id as state_id, s.zone_id,
             row_number() over (order by c.id) - 1 as n
      from cities c join districts d on d.id = c.district_id join prants p on p.id = d.prant_id join states s on s.id = p.state_id
    ), base as (select coalesce(max(id), 0) as last from schools)
    insert into schools (name, category_id, zone_id, state_id, prant_id, district_id, city_id, email, referral_code, email_verified_at)
    select
      (array['Public School','Vidya Mandir','High School','Vidyalaya','Convent School','Academy'])[1 + g % 6] || ' ' || g || ', ' || pl.city,
      1 + g % 4, pl.zone_id, pl.state_id, pl.prant_id, pl.district_id, pl.city_id,
      'scale-school-' || (base.last + g) || '@example.org', 'SC' || (base.last + g),
      case when g % 5 = 0 then null else now() end
    from generate_series(1, ${count}) g
    cross join base
    join places pl on pl.n = (g::bigint * 7919) % ${total}`);
}

async function addStudents(db: Db, count: number) {
  const total = await countOf(db, "schools");
  await db.execute(sql`
    with numbered as (
      select id, zone_id, state_id, prant_id, district_id, row_number() over (order by id) - 1 as n
      from schools
    )
    insert into students (school_id, class_level, language, first_name, last_name, date_of_birth, payment_status,
                          zone_id, state_id, prant_id, district_id, exam_year_id, dedupe_key, gender, created_at)
    select sc.id, 6 + g % 6,
      (array['en','hi','ta','te','kn','ml','mr','gu','pa','bn','or','as','sa','ur'])[1 + (g / 7) % 14],
      (array['Aarav','Ananya','Ishaan','Kavya','Rohan','Saanvi','Arjun','Priya','Farhan','Zoya','Gurpreet','Nandini'])[1 + g % 12],
      (array['Sharma','Patil','Iyer','Nair','Reddy','Gupta','Singh','Khan','Joshi','Das'])[1 + (g / 12) % 10],
      date '2008-01-01' + (g % 2000),
      case when g % 10 < 6 then 'paid' when g % 10 = 6 then 'pending' else 'unpaid' end,
      sc.zone_id, sc.state_id, sc.prant_id, sc.district_id,
      (select id from exam_years where is_active),
      -- Generated students are distinct by construction; the key only has to be unique.
      'scale-' || g,
      case when g % 2 = 0 then 'female' else 'male' end,
      -- A season of registrations: spread over the last 120 days (the newest ids the latest).
      now() - (((${count} - g) * 120 / greatest(${count}, 1)) || ' days')::interval
    from generate_series(1, ${count}) g
    join numbered sc on sc.n = (g::bigint * 104729) % ${total}`);
}

/**
 * One paid order per school that has paid students (their fees at ₹150), paid over the last 60
 * days, so the dashboard's money and payments-per-day figures read a season's worth of orders.
 * Marked followed up: the receipts of a generated season are not mailed.
 */
async function addPaidOrders(db: Db) {
  await db.execute(sql`
    with paid as (
      select c.school_id, c.paid, row_number() over (order by c.school_id) as n
      from school_student_counts c join exam_years y on y.id = c.exam_year_id and y.is_active
      where c.paid > 0 and not exists (select 1 from payment_orders o where o.school_id = c.school_id)
    ), base as (
      select coalesce(max(invoice_number), 0) as last from payment_orders where exam_year_id = (select id from exam_years where is_active)
    )
    insert into payment_orders (exam_year_id, purpose, payer_user_id, school_id, currency, amount_minor, status,
      provider, paid_at, invoice_number, followed_up_at, created_at)
    select (select id from exam_years where is_active), 'students', (select id from users where username = 'admin'),
      p.school_id, 'INR', p.paid * 15000, 'paid', 'demo',
      now() - ((p.n % 60) || ' days')::interval - ((p.n % 1440) || ' minutes')::interval,
      base.last + p.n, now(), now() - ((p.n % 60) || ' days')::interval - interval '1 day'
    from paid p cross join base`);
  // The invoice counter goes on after these numbers: the next real payment must not take one of them.
  await db.execute(sql`
    insert into invoice_sequences (exam_year_id, last_value)
    select exam_year_id, max(invoice_number) from payment_orders
    where exam_year_id = (select id from exam_years where is_active) and invoice_number is not null
    group by exam_year_id
    on conflict (exam_year_id) do update set last_value = greatest(invoice_sequences.last_value, excluded.last_value)`);
}

/**
 * Sign-ins for the first `count` generated schools whose e-mail is verified (so they may pay), one
 * school account each, with the admin's password hash: the load benchmark signs in as 200 distinct
 * people without hashing 200 passwords.
 */
async function addSchoolAccounts(db: Db, count: number) {
  if (count <= 0) return;
  await db.execute(sql`
    insert into users (username, email, name, role_id, password_hash, country_id, school_id, zone_id)
    select 'scaleschool' || s.id, 'scaleschool' || s.id || '@example.org', s.name, 2,
           (select password_hash from users where username = 'admin'), 1, s.id, s.zone_id
    from schools s
    where s.email like 'scale-school-%' and s.email_verified_at is not null
      and not exists (select 1 from users u where u.school_id = s.id)
    order by s.id
    limit ${count}`);
}

/** Coordinators spread over the tree: a quarter each of zonal, state, prant and district. */
async function addCoordinators(db: Db, count: number) {
  const [hash] = await queryRows<{ password_hash: string }>(
    db,
    sql`select password_hash from users where username = 'admin'`,
  );
  const level = (roleId: number, table: string, column: string, share: number) => sql`
    with nodes as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from ${sql.raw(table)} where id <> 13 or ${table !== "zones"}),
    made as (
      insert into users (username, email, name, role_id, password_hash, country_id)
      select 'coord' || ${roleId} || '-' || g, 'coord' || ${roleId} || '-' || g || '@example.org',
             'Coordinator ' || ${roleId} || '-' || g, ${roleId}, ${hash?.password_hash ?? ""}, 1
      from generate_series(1, ${share}) g
      returning id, username
    )
    insert into coordinator_assignments (user_id, ${sql.raw(column)})
    select m.id, nd.id from made m join nodes nd on nd.n = (split_part(m.username, '-', 2)::int) % nd.total`;
  const share = Math.max(1, Math.floor(count / 4));
  await db.execute(level(8, "zones", "zone_id", Math.min(share, 50)));
  await db.execute(level(9, "states", "state_id", share));
  await db.execute(level(10, "prants", "prant_id", share));
  await db.execute(level(11, "districts", "district_id", share));
}

export async function seedScale(db: Db, options: ScaleOptions): Promise<ScaleReport> {
  const started = performance.now();
  await seedDemoData(db);
  const geography = await timed(() => growGeography(db));
  const schoolsTime = await timed(() => addSchools(db, options.schools));
  const studentsTime = await timed(() => addStudents(db, options.students));
  const coordinators = await timed(() => addCoordinators(db, options.coordinators));
  const schoolAccounts = await timed(() => addSchoolAccounts(db, options.schoolAccounts ?? 0));
  const orders = await timed(() => addPaidOrders(db));
  // VACUUM too: the visibility map lets counts read indexes only, as on a server that autovacuums.
  const analyze = await timed(() => db.execute(sql`vacuum analyze`));
  return {
    ...options,
    seconds: {
      geography,
      schools: schoolsTime,
      students: studentsTime,
      coordinators,
      school_accounts: schoolAccounts,
      orders,
      analyze,
      total: Math.round((performance.now() - started) / 10) / 100,
    },
  };
}

export function parseScaleArgs(args: readonly string[]): ScaleOptions {
  const read = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    if (index === -1) return fallback;
    const value = Number(args[index + 1]);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} must be a whole number (got ${args[index + 1]})`);
    return value;
  };
  return {
    students: read("students", 1_000_000),
    schools: read("schools", 50_000),
    coordinators: read("coordinators", 2_000),
    schoolAccounts: read("school-accounts", 0),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let options: ScaleOptions;
  try {
    options = parseScaleArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const database = await openDatabase({
    url: process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR,
  });
  console.log(
    `Seeding ${options.schools} schools, ${options.students} students, ${options.coordinators} coordinators on ${database.driver}…`,
  );
  const report = await seedScale(database.db, options);
  await database.close();
  console.log(JSON.stringify(report.seconds));
  console.log(`Done in ${report.seconds.total} s.`);
}
