import { findRole } from "@repo/auth/roles";
import { amountDue } from "@repo/contracts/fees";
import type {
  ActivityEntry,
  AmountDueRow,
  AssignedCoordinator,
  SchoolDashboard,
  SchoolStatistics,
  SchoolStudentCounts,
} from "@repo/contracts/school-dashboard";
import { GENDERS } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { coordinatorsCovering } from "../geography/region-scope";
import { registrationFee, registrationFeeJoin } from "../payments/fees";
import { openExamYear } from "../programme/exam-year";
import {
  ownedSchoolIds,
  ownedSchoolsWhere,
  ownedStudents,
  type SchoolScope,
  schoolPaysFor,
  schoolScopeOf,
} from "../schools/ownership";
import type { StudentViewer } from "../students/students";

/** Lines of recent activity the dashboard shows. */
export const RECENT_ACTIVITY = 10;

export interface CountRow {
  class_level: number;
  language: string;
  gender: string | null;
  payment_status: string;
  n: number;
}

const EMPTY_COUNTS: SchoolStudentCounts = {
  total: 0,
  paid: 0,
  pending: 0,
  unpaid: 0,
  by_class: [],
  by_language: [],
  by_gender: [],
};

/**
 * Students grouped by class, language, gender and payment status, folded into the dashboard's
 * counts: classes in order, languages by size, genders in the form's order with "unknown" last.
 */
export function countsOf(rows: readonly CountRow[]): SchoolStudentCounts {
  const counts: SchoolStudentCounts = { ...EMPTY_COUNTS };
  const classes = new Map<number, SchoolStudentCounts["by_class"][number]>();
  const languages = new Map<string, number>();
  const genders = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.n);
    const level = Number(row.class_level);
    const status = row.payment_status === "paid" || row.payment_status === "pending" ? row.payment_status : "unpaid";
    counts.total += n;
    counts[status] += n;
    const byClass = classes.get(level) ?? { class_level: level, total: 0, paid: 0, pending: 0, unpaid: 0 };
    byClass.total += n;
    byClass[status] += n;
    classes.set(level, byClass);
    languages.set(row.language, (languages.get(row.language) ?? 0) + n);
    const gender = row.gender ?? "unknown";
    genders.set(gender, (genders.get(gender) ?? 0) + n);
  }
  const genderOrder: string[] = [...GENDERS.map((g) => g.code), "unknown"];
  counts.by_class = [...classes.values()].sort((a, b) => a.class_level - b.class_level);
  counts.by_language = [...languages]
    .map(([language, count]) => ({ language, count }))
    .sort((a, b) => b.count - a.count || a.language.localeCompare(b.language));
  counts.by_gender = [...genders]
    .map(([gender, count]) => ({ gender, count }))
    .sort((a, b) => genderOrder.indexOf(a.gender) - genderOrder.indexOf(b.gender));
  return counts;
}

async function studentCounts(db: DbOrTx, scope: SchoolScope, yearId: number): Promise<SchoolStudentCounts> {
  // One pass over the school's students of the year (students_school_year_idx): at most
  // 6 classes × 14 languages × 4 genders × 3 statuses groups.
  const rows = await queryRows<CountRow>(
    db,
    sql`select s.class_level, s.language, s.gender, s.payment_status, count(*)::int as n
        from students s
        where ${ownedStudents(scope)}
          and s.exam_year_id = ${yearId}
        group by 1, 2, 3, 4`,
  );
  return countsOf(rows);
}

/** The Statistics page: the viewer's students of the open exam year. */
export async function schoolStatistics(db: DbOrTx, viewer: StudentViewer): Promise<SchoolStatistics> {
  const scope = await schoolScopeOf(db, viewer);
  const year = await openExamYear(db);
  if (!year) return { exam_year: null, students: { ...EMPTY_COUNTS } };
  const { id, ...dates } = year;
  return { exam_year: dates, students: await studentCounts(db, scope, id) };
}

/**
 * What the unpaid students cost, per country of the viewer's schools, at the country's Level 1
 * fee of the year (contracts/fees `amountDue`); no fee set gives a null amount, never zero.
 */
async function amountsDue(db: DbOrTx, scope: SchoolScope, yearId: number): Promise<AmountDueRow[]> {
  const rows = await queryRows<{ country: string; currency: string | null; fee_minor: number | null; unpaid: number }>(
    db,
    sql`select c.name as country, f.currency, f.amount_minor as fee_minor, count(s.id)::int as unpaid
        from schools sc
        join states st on st.id = sc.state_id
        join countries c on c.id = st.country_id
        ${registrationFeeJoin(sql`c.id`, yearId)}
        left join students s on ${schoolPaysFor(sql`sc.id`)} and s.exam_year_id = ${yearId} and s.payment_status = 'unpaid'
        where ${ownedSchoolsWhere(scope)}
        group by c.id, c.name, f.currency, f.amount_minor
        order by c.name`,
  );
  return rows.map((row) => {
    const unpaid = Number(row.unpaid);
    const fee = registrationFee(row);
    return { country: row.country, unpaid, fee, amount: amountDue(unpaid, fee) };
  });
}

async function emailVerified(db: DbOrTx, scope: SchoolScope): Promise<boolean> {
  const [row] = await queryRows<{ verified: boolean | null }>(
    db,
    sql`select bool_and(sc.email_verified_at is not null) as verified from schools sc where ${ownedSchoolsWhere(scope)}`,
  );
  return row?.verified ?? true;
}

export interface ActivityRow {
  action: string;
  before: unknown;
  after: unknown;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);
const field = (value: unknown, name: string): unknown =>
  value && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;

/** One activity-log entry in a school office's words ("Added 12 students", "Changed Asha Rao's details"). */
export function activityInWords({ action, before, after }: ActivityRow): string {
  const countIn = (value: unknown) => {
    const n = field(value, "count");
    return typeof n === "number" && n > 0 ? n : 1;
  };
  switch (action) {
    case "student.create":
      return `Added ${plural(countIn(after), "a student", "students")}`;
    case "student.import":
      return `Imported ${plural(countIn(after), "a student", "students")} from a spreadsheet`;
    case "student.update": {
      const name = [field(after, "first_name"), field(after, "last_name")].filter(Boolean).join(" ");
      return name ? `Changed ${name}'s details` : "Changed a student's details";
    }
    case "student.delete": {
      const ids = field(before, "ids");
      return `Deleted ${plural(Array.isArray(ids) ? ids.length : 1, "a student", "students")}`;
    }
    case "student.sendCredentials":
      return "Sent a student's sign-in details";
    case "school.register":
      return "Registered the school";
    case "school.create":
    case "school.import": {
      const name = field(after, "school_name");
      const how = action === "school.import" ? " from a spreadsheet" : "";
      return typeof name === "string" ? `Added the school ${name}${how}` : `Added a school${how}`;
    }
    case "master_institute.update_profile":
      return "Updated the institute's profile";
    case "school.verify-email":
      return "Verified the school's e-mail address";
    case "school.resend-verification":
      return "Asked for a new e-mail verification link";
    case "school.update-profile":
      return "Updated the school profile";
    case "school.admin-update":
      return "Changed the school's registration details";
    case "school.activate":
      return "Activated the school";
    case "school.deactivate":
      return "Deactivated the school";
    case "bank-details.create":
      return "Added the bank details";
    case "bank-details.update":
      return "Changed the bank details";
    case "user.change-password":
      return "Changed the password";
    case "user.update-profile":
      return "Updated the profile";
    case "user.verify-mobile":
      return "Verified the mobile number";
    case "user.send-mobile-otp":
      return "Asked for a mobile verification code";
    default: {
      // A new kind of entry still reads as words: "mail_template.create" → "Mail template create".
      const words = action.replace(/[._-]+/g, " ").trim();
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

/**
 * The latest entries of the activity log about the viewer's schools or their students, or made by
 * their users; sign-ins and hand-offs are left out (they change nothing). Each branch takes its
 * own newest few through an index, so a long log costs no more than a short one.
 */
async function recentActivity(db: DbOrTx, scope: SchoolScope): Promise<ActivityEntry[]> {
  const ownUsers = sql`select u.id from users u where u.school_id in (${ownedSchoolIds(scope)})${
    scope.kind === "institute" ? sql` or u.master_institute_id = ${scope.masterInstituteId}` : sql``
  }`;
  const ownSchoolIds = sql`select sc.id::text from schools sc where ${ownedSchoolsWhere(scope)}`;
  const notSignIns = sql`a.action not like 'auth.%'`;
  const latest = (where: SQL) =>
    sql`(select a.id from activity_log a where ${where} and ${notSignIns} order by a.created_at desc, a.id desc limit ${RECENT_ACTIVITY})`;
  const rows = await queryRows<{
    action: string;
    before: unknown;
    after: unknown;
    created_at: Date | string;
    user_name: string | null;
    role_id: number | null;
    own: boolean | null;
  }>(
    db,
    sql`select a.action, a.before, a.after, a.created_at, u.name as user_name, u.role_id,
          u.id in (${ownUsers}) as own
        from activity_log a left join users u on u.id = a.user_id
        where a.id in (
          ${latest(sql`a.entity = 'schools' and a.entity_id in (${ownSchoolIds})`)}
          union
          ${latest(
            sql`a.entity = 'students' and a.entity_id in (select s.id::text from students s
              where ${ownedStudents(scope)})`,
          )}
          union
          ${latest(sql`a.entity = 'students' and a.entity_id is null and a.after->>'school_id' in (${ownSchoolIds})`)}
          union
          ${latest(sql`a.user_id in (${ownUsers})`)}
        )
        order by a.created_at desc, a.id desc
        limit ${RECENT_ACTIVITY}`,
  );
  return rows.map((row) => ({
    at: new Date(row.created_at).toISOString(),
    // The school's own people by name; anyone else (an admin, pay support) by role only.
    who: row.own
      ? (row.user_name ?? "Your school")
      : row.role_id !== null
        ? (findRole(Number(row.role_id))?.name ?? "Portal staff")
        : "The portal",
    what: activityInWords(row),
  }));
}

/**
 * The active coordinators (zonal, state, prant, district) assigned to a region that holds one of
 * the viewer's schools, each once, with the regions that hold them; widest level first.
 */
export async function assignedCoordinators(db: DbOrTx, viewer: StudentViewer): Promise<AssignedCoordinator[]> {
  return coordinatorsOf(db, await schoolScopeOf(db, viewer));
}

async function coordinatorsOf(db: DbOrTx, scope: SchoolScope): Promise<AssignedCoordinator[]> {
  const rows = await queryRows<{
    id: number;
    name: string;
    role_id: number;
    email: string;
    mobile: string | null;
    regions: string;
  }>(
    db,
    sql`select u.id, u.name, u.role_id, u.email, u.mobile,
          string_agg(distinct coalesce(z.name, st.name, p.name, d.name), ', ') as regions
        ${coordinatorsCovering(ownedSchoolsWhere(scope))}
        group by u.id, u.name, u.role_id, u.email, u.mobile
        order by u.role_id, lower(u.name), u.id`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    role_id: Number(row.role_id),
    role_name: findRole(Number(row.role_id))?.name ?? "Coordinator",
    region: row.regions,
    phone: row.mobile,
    email: row.email,
  }));
}

/** Everything the dashboard of a school, an institute or a master institute shows. */
export async function schoolDashboard(db: DbOrTx, viewer: StudentViewer): Promise<SchoolDashboard> {
  const scope = await schoolScopeOf(db, viewer);
  const year = await openExamYear(db);
  const [students, amount_due, email_verified, recent_activity, coordinators] = await Promise.all([
    year ? studentCounts(db, scope, year.id) : EMPTY_COUNTS,
    year ? amountsDue(db, scope, year.id) : [],
    emailVerified(db, scope),
    recentActivity(db, scope),
    coordinatorsOf(db, scope),
  ]);
  const exam_year = year ? { label: year.label, starts_on: year.starts_on, ends_on: year.ends_on } : null;
  return { exam_year, students, amount_due, email_verified, recent_activity, coordinators };
}
