import { hashPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import { amountDue } from "@repo/contracts/fees";
import type {
  GccSchoolListQuery,
  InstituteSchoolBody,
  InstituteSchoolListQuery,
  InstituteSchoolRow,
  InstituteStudentBody,
} from "@repo/contracts/master-institutes";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { StudentRow } from "@repo/contracts/students";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { masterInstitutes, schools, users } from "@repo/db/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";
import { findUserByUsername } from "../accounts/users";
import { enqueueMail } from "../mail/index";
import { registrationFee, registrationFeeJoin } from "../payments/fees";
import { activeExamYearId } from "../programme/exam-year";
import { instituteSchoolsWhere, schoolPaysFor, schoolScopeOf } from "../schools/ownership";
import {
  checkPlace,
  createSchoolWithAccount,
  EMAIL_TAKEN,
  emailTaken,
  isUniqueViolation,
  USERNAME_TAKEN,
} from "../schools/school-account";
import { addStudents, duplicateError, getStudent, type StudentViewer, temporaryPassword } from "../students/students";

/**
 * A master institute's schools (decision 016): it creates them (each with its role-2 account and a
 * credentials mail), lists them with their students' counts, disables and enables them, and
 * registers students into one of them. LMS's GCC school list shares the list.
 */

/** The master institute of a role-17 viewer; anyone else has none (404). */
export async function instituteOf(db: DbOrTx, viewer: StudentViewer): Promise<number> {
  const scope = await schoolScopeOf(db, viewer);
  if (scope.kind !== "institute") throw notFound("Master institute");
  return scope.masterInstituteId;
}

/** Whose schools a list covers: one master institute's, or the GCC zone's. */
export type SchoolListScope = { kind: "institute"; masterInstituteId: number } | { kind: "gcc" };

const scopeSql = (scope: SchoolListScope): SQL =>
  scope.kind === "institute"
    ? instituteSchoolsWhere(scope.masterInstituteId)
    : sql`sc.zone_id in (select z.id from zones z where z.code = 'GCC')`;

type ListFilters = Partial<GccSchoolListQuery>;

function filtersSql(scope: SchoolListScope, query: ListFilters): SQL {
  const parts: SQL[] = [scopeSql(scope)];
  if (query.status) parts.push(sql`sc.is_active = ${query.status === "active"}`);
  if (query.state_id) parts.push(sql`sc.state_id = ${query.state_id}`);
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(sc.name ilike ${like} or sc.email ilike ${like} or sc.pincode ilike ${like}
      or sc.contact_name ilike ${like} or sc.contact_phone ilike ${like}
      or exists (select 1 from users u where u.school_id = sc.id and u.username ilike ${like}))`);
  }
  if (query.payment === "paid") parts.push(sql`coalesce(c.paid, 0) > 0`);
  if (query.payment === "unpaid") parts.push(sql`coalesce(c.unpaid, 0) > 0`);
  return sql.join(parts, sql` and `);
}

/** The counts of the open exam year per school (no open year: zero everywhere). */
const FROM = sql`
  from schools sc
  join states st on st.id = sc.state_id
  left join districts d on d.id = sc.district_id
  left join cities ci on ci.id = sc.city_id
  left join master_institutes mi on mi.id = sc.master_institute_id
  left join lateral (
    select count(*)::int as total,
      (count(*) filter (where s.payment_status = 'paid'))::int as paid,
      (count(*) filter (where s.payment_status = 'pending'))::int as pending,
      (count(*) filter (where s.payment_status = 'unpaid'))::int as unpaid
    from students s
    where ${schoolPaysFor(sql`sc.id`)} and s.exam_year_id = ${activeExamYearId}
  ) c on true
  ${registrationFeeJoin(sql`st.country_id`, activeExamYearId)}`;

const COLUMNS = sql`
  sc.id, sc.name, sc.category_id, sc.email, sc.email_verified_at is not null as email_verified, sc.contact_name,
  sc.contact_phone, sc.pincode, st.name as state, d.name as district, ci.name as city, sc.is_active,
  (select u.username from users u where u.school_id = sc.id and u.role_id = ${ROLE.school} order by u.id limit 1) as username,
  mi.name as master_institute, coalesce(c.total, 0) as students, coalesce(c.paid, 0) as paid,
  coalesce(c.pending, 0) as pending, coalesce(c.unpaid, 0) as unpaid, f.currency, f.amount_minor as fee_minor,
  sc.created_at`;

type RawSchool = Omit<InstituteSchoolRow, "amount_due" | "created_at"> & {
  currency: string | null;
  fee_minor: number | null;
  created_at: Date | string;
};

function toSchoolRow(row: RawSchool): InstituteSchoolRow {
  const { currency, fee_minor, ...rest } = row;
  const unpaid = Number(row.unpaid);
  const fee = registrationFee({ currency, fee_minor });
  return {
    ...rest,
    id: Number(row.id),
    category_id: Number(row.category_id),
    students: Number(row.students),
    paid: Number(row.paid),
    pending: Number(row.pending),
    unpaid,
    amount_due: amountDue(unpaid, fee),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A page of the scope's schools, by name, with their students this exam year. */
export async function listSchools(
  db: DbOrTx,
  scope: SchoolListScope,
  query: InstituteSchoolListQuery | GccSchoolListQuery,
): Promise<Page<InstituteSchoolRow>> {
  const where = filtersSql(scope, query);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n ${FROM} where ${where}`);
  const rows = await queryRows<RawSchool>(
    db,
    sql`select ${COLUMNS} ${FROM} where ${where}
        order by lower(sc.name), sc.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(toSchoolRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

/** Every school of the list's filters, in batches, for the export (keyset paging by id). */
export async function* listSchoolsForExport(
  db: DbOrTx,
  scope: SchoolListScope,
  query: ListFilters,
  batchSize = 1000,
): AsyncGenerator<InstituteSchoolRow[]> {
  const where = filtersSql(scope, { ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<RawSchool>(
      db,
      sql`select ${COLUMNS} ${FROM} where ${where} and sc.id > ${after} order by sc.id limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toSchoolRow);
    after = Number(rows[rows.length - 1]?.id);
  }
}

/** The ids and names of a master institute's schools (the school pickers), by name. */
export async function schoolChoices(db: DbOrTx, masterInstituteId: number) {
  const rows = await db
    .select({ id: schools.id, name: schools.name, is_active: schools.isActive })
    .from(schools)
    .where(eq(schools.masterInstituteId, masterInstituteId))
    .orderBy(sql`lower(${schools.name})`, schools.id);
  return rows;
}

/** One of the institute's schools, locked when asked; any other id is "not found". */
async function ownSchool(db: DbOrTx, masterInstituteId: number, schoolId: number) {
  const [school] = await db
    .select({ id: schools.id, name: schools.name, isActive: schools.isActive })
    .from(schools)
    .where(and(eq(schools.id, schoolId), eq(schools.masterInstituteId, masterInstituteId)));
  if (!school) throw notFound("School");
  return school;
}

export interface NewAccountMail {
  name: string;
  /** What was registered, as the mail says it: "school", "master institute", "state coordinator". */
  accountKind: string;
  createdBy: string;
  to: string;
  username: string;
  password: string;
  loginUrl: string;
  queuedBy: number;
}

/** Queues the sign-in details of a new school or master institute account (built-in template). */
export async function mailCredentials(tx: DbOrTx, mail: NewAccountMail): Promise<void> {
  await enqueueMail(tx, {
    templateKey: "account-credentials",
    language: "en",
    to: mail.to,
    variables: {
      name: mail.name,
      account_kind: mail.accountKind,
      created_by: mail.createdBy,
      username: mail.username,
      password: mail.password,
      login_url: mail.loginUrl,
    },
    queuedBy: mail.queuedBy,
  });
}

const taken = (field: "username" | "email", message: string) => new ApiError(409, message, [{ field, message }]);

export interface SchoolCreation {
  masterInstituteId: number;
  instituteName: string;
  actor: Actor;
  loginUrl: string;
  source: "form" | "import";
}

/**
 * Creates one school of a master institute with its role-2 account and queues the credentials
 * mail, inside the caller's transaction. The password is the one given, or a generated one that
 * exists only in the mail. A username or e-mail already in use is refused (409, naming the field).
 */
export async function addInstituteSchool(
  tx: DbOrTx,
  creation: SchoolCreation,
  body: InstituteSchoolBody,
  passwordHash?: string,
): Promise<{ school_id: number; username: string; email: string }> {
  if (await findUserByUsername(tx, body.username)) throw taken("username", USERNAME_TAKEN);
  if (await emailTaken(tx, body.email)) throw taken("email", EMAIL_TAKEN);
  const { countryId } = await checkPlace(tx, body, body.pincode);
  const password = body.password ?? temporaryPassword();
  const hash = passwordHash ?? (await hashPassword(password));
  const { school } = await createSchoolWithAccount(tx, body, {
    passwordHash: hash,
    countryId,
    masterInstituteId: creation.masterInstituteId,
  });
  await mailCredentials(tx, {
    name: body.school_name,
    accountKind: "school",
    createdBy: creation.instituteName,
    to: body.email,
    username: body.username,
    password,
    loginUrl: creation.loginUrl,
    queuedBy: creation.actor.userId,
  });
  await recordActivity(tx, {
    userId: creation.actor.userId,
    action: creation.source === "import" ? "school.import" : "school.create",
    entity: "schools",
    entityId: school.id,
    after: { ...body, password: undefined, master_institute_id: creation.masterInstituteId },
    requestId: creation.actor.requestId,
  });
  return { school_id: school.id, username: body.username, email: school.email };
}

export async function instituteName(db: DbOrTx, masterInstituteId: number): Promise<string> {
  const [row] = await db
    .select({ name: masterInstitutes.name })
    .from(masterInstitutes)
    .where(eq(masterInstitutes.id, masterInstituteId));
  if (!row) throw notFound("Master institute");
  return row.name;
}

/** POST master-institute/schools/create: one school from the form. */
export async function createInstituteSchool(
  db: Db,
  viewer: StudentViewer,
  actor: Actor,
  body: InstituteSchoolBody,
  loginUrl: string,
) {
  const masterInstituteId = await instituteOf(db, viewer);
  const name = await instituteName(db, masterInstituteId);
  try {
    return await db.transaction(async (tx) => {
      // Two creations with one e-mail at once: the second waits here and then sees the first.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${body.email})))`);
      return addInstituteSchool(tx, { masterInstituteId, instituteName: name, actor, loginUrl, source: "form" }, body);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken("username", USERNAME_TAKEN);
    throw error;
  }
}

/**
 * Enables or disables one of the institute's schools. A disabled school's accounts cannot sign
 * in (their sessions end at once); enabling gives them back.
 */
export async function setInstituteSchoolActive(
  db: Db,
  viewer: StudentViewer,
  actor: Actor,
  schoolId: number,
  isActive: boolean,
): Promise<{ id: number; is_active: boolean }> {
  const masterInstituteId = await instituteOf(db, viewer);
  return db.transaction(async (tx) => {
    const school = await ownSchool(tx, masterInstituteId, schoolId);
    await tx.update(schools).set({ isActive, updatedAt: new Date() }).where(eq(schools.id, schoolId));
    await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(users.schoolId, schoolId), eq(users.roleId, ROLE.school)));
    await recordActivity(tx, {
      userId: actor.userId,
      action: isActive ? "school.activate" : "school.deactivate",
      entity: "schools",
      entityId: schoolId,
      before: { is_active: school.isActive },
      after: { is_active: isActive, by: "master_institute" },
      requestId: actor.requestId,
    });
    return { id: schoolId, is_active: isActive };
  });
}

/** The school a master institute registers or imports students into: one of its own (else 404). */
export async function instituteTargetSchool(db: DbOrTx, viewer: StudentViewer, schoolId: number): Promise<number> {
  const masterInstituteId = await instituteOf(db, viewer);
  const school = await ownSchool(db, masterInstituteId, schoolId);
  if (!school.isActive) {
    const message = "This school is disabled: enable it before adding students.";
    throw new ApiError(422, message, [{ field: "school_id", message }]);
  }
  return school.id;
}

/** POST master-institute/student/create: one student into one of the institute's schools. */
export async function createInstituteStudent(
  db: Db,
  viewer: StudentViewer,
  actor: Actor,
  body: InstituteStudentBody,
): Promise<StudentRow> {
  const { school_id: schoolId, ...fields } = body;
  const target = await instituteTargetSchool(db, viewer, schoolId);
  const result = await db.transaction((tx) => addStudents(tx, { schoolId: target, actor, source: "form" }, [fields]));
  const id = result.inserted[0];
  if (id === undefined) {
    throw duplicateError(result.elsewhere[0]);
  }
  return getStudent(db, viewer, id);
}
