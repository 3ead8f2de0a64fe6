import { pagePath } from "@repo/auth/menus";
import { hashPassword } from "@repo/auth/password";
import { inGroup, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type {
  IndividualStudentQuery,
  IndividualStudentRow,
  SifRegistrationBody,
  SifRegistrationData,
  SifSchoolOption,
} from "@repo/contracts/sif";
import { SIF_LIMITS, SIF_MESSAGES } from "@repo/contracts/sif-constants";
import { studentKey } from "@repo/contracts/students";
import { registrationReference, STUDENT_MESSAGES } from "@repo/contracts/students-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { students, users } from "@repo/db/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { ApiConfig } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { enforceLimit, type Limit, limitedAttempt, perNetwork } from "../../kernel/rate-limit";
import { containing } from "../../kernel/sql";
import { findUserByUsername } from "../accounts/users";
import { coveredBy } from "../geography/region-scope";
import { enqueueMail } from "../mail/index";
import { activeExamYear } from "../programme/exam-year";
import { checkPlace } from "../schools/school-account";
import { temporaryPassword } from "../students/students";

/**
 * Individual (SIF) students (docs/decisions/013-individual-students.md): the public
 * school search, the referral-code check and the registration, and the coordinators' list of
 * them. An individual student is a student row with source `sif`; its school is a listed one, or
 * (school_id null) an unlisted one it named, placed by the region pickers.
 */

/** The public school search is cheap and public: only floods are limited (a lab searches together). */
export const SIF_SCHOOL_SEARCHES_PER_CLIENT: Limit = { max: 600, windowSeconds: 60 };
/** Referral codes are guessable in bulk: unknown codes per client address (a student types one or two). */
export const SIF_REFERRAL_CHECKS_PER_CLIENT: Limit = { max: 30, windowSeconds: 15 * 60 };
/** A family registers a child or two; a school lab behind one address a few hundred. */
export const SIF_REGISTRATIONS_PER_CLIENT: Limit = { max: 300, windowSeconds: 60 * 60 };
/** Refused registrations (already registered, an unknown code or school) per client address. */
export const SIF_REGISTRATION_FAILURES_PER_CLIENT: Limit = { max: 30, windowSeconds: 15 * 60 };

// ── Public look-ups ────────────────────────────────────────────────────────────────────────────

/** Active schools whose name, city, district or state holds the search, by name. */
export async function listSifSchools(
  db: DbOrTx,
  query: { search?: string; page: number; per_page: number },
  clientIp: string,
): Promise<Page<SifSchoolOption>> {
  await enforceLimit(db, perNetwork("sif-schools", clientIp), SIF_SCHOOL_SEARCHES_PER_CLIENT);
  const parts: SQL[] = [sql`sc.is_active`];
  const search = query.search?.trim() ?? "";
  if (search.length > 0 && search.length < SIF_LIMITS.minSearch) {
    throw new ApiError(400, `Type at least ${SIF_LIMITS.minSearch} letters of the school's name, city or state`, [
      { field: "search", message: `Type at least ${SIF_LIMITS.minSearch} letters` },
    ]);
  }
  if (search) {
    // Every word must appear in the name, the city, the district or the state: "kendriya pune".
    for (const word of search.split(/\s+/).slice(0, 5)) {
      const like = containing(word);
      parts.push(sql`(sc.name ilike ${like} or c.name ilike ${like} or d.name ilike ${like} or st.name ilike ${like})`);
    }
  }
  const where = sql.join(parts, sql` and `);
  const from = sql`schools sc join states st on st.id = sc.state_id
    left join cities c on c.id = sc.city_id left join districts d on d.id = sc.district_id`;
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} where ${where}`);
  const rows = await queryRows<SifSchoolOption>(
    db,
    sql`select sc.id, sc.name, c.name as city, d.name as district, st.name as state
        from ${from} where ${where}
        order by lower(sc.name), sc.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(
    rows.map((row) => ({ ...row, id: Number(row.id) })),
    Number(counted?.n ?? 0),
    query.page,
    query.per_page,
  );
}

/** The active school that owns a referral code, or null. */
async function schoolByReferralCode(db: DbOrTx, code: string) {
  const [row] = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from schools where referral_code = ${code} and is_active`,
  );
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** GET /api/sif/referral-code/{code}: the school's name, or 404 "No school has this code". */
export function checkReferralCode(db: DbOrTx, code: string, clientIp: string) {
  // Only unknown codes count: a lab's students checking their school's one code are not refused.
  const failures = { key: perNetwork("sif-referral", clientIp), limit: SIF_REFERRAL_CHECKS_PER_CLIENT };
  return limitedAttempt(db, { failures, what: "referral code checks" }, async () => {
    const school = await schoolByReferralCode(db, code);
    if (!school) {
      throw new ApiError(404, SIF_MESSAGES.unknownReferral, [
        { field: "referral_code", message: SIF_MESSAGES.unknownReferral },
      ]);
    }
    return { code, school_name: school.name };
  });
}

// ── Registration ───────────────────────────────────────────────────────────────────────────────

/** Where the student's school is: a listed school's row, or the unlisted school's name and region. */
interface SchoolChoice {
  schoolId: number | null;
  name: string;
  zoneId: number;
  stateId: number;
  prantId: number | null;
  districtId: number | null;
}

async function schoolChoiceOf(db: DbOrTx, body: SifRegistrationBody): Promise<SchoolChoice> {
  if (body.school_id) {
    const [school] = await queryRows<{
      id: number;
      name: string;
      zone_id: number;
      state_id: number;
      prant_id: number | null;
      district_id: number | null;
    }>(
      db,
      sql`select id, name, zone_id, state_id, prant_id, district_id from schools where id = ${body.school_id} and is_active`,
    );
    if (!school) {
      throw new ApiError(422, SIF_MESSAGES.schoolNotFound, [
        { field: "school_id", message: SIF_MESSAGES.schoolNotFound },
      ]);
    }
    return {
      schoolId: Number(school.id),
      name: school.name,
      zoneId: Number(school.zone_id),
      stateId: Number(school.state_id),
      prantId: school.prant_id === null ? null : Number(school.prant_id),
      districtId: school.district_id === null ? null : Number(school.district_id),
    };
  }
  // The schema makes sure an unlisted school comes with its zone and state.
  const zoneId = body.zone_id ?? 0;
  const stateId = body.state_id ?? 0;
  await checkPlace(db, {
    zone_id: zoneId,
    state_id: stateId,
    prant_id: body.prant_id,
    district_id: body.district_id,
    city_id: undefined,
  });
  return {
    schoolId: null,
    name: body.unlisted_school_name ?? "",
    zoneId,
    stateId,
    prantId: body.prant_id ?? null,
    districtId: body.district_id ?? null,
  };
}

/**
 * The refusal of a duplicate (docs/domain.md, Schools, institutes and students: reported, not saved). It never says who registered
 * the student (a school, or the student): only how to go on (decision 055).
 */
export function sifDuplicateError(studentId: number | null): ApiError {
  const resolve =
    studentId === null ? "" : ` Otherwise contact support and quote the reference ${registrationReference(studentId)}.`;
  const message = `${STUDENT_MESSAGES.duplicate}: same name, date of birth and phone. If you registered before, sign in with the username we mailed you.${resolve}`;
  return new ApiError(409, message, [{ field: "first_name", message }]);
}

/** A username for a student's sign-in: stu000123, or with a suffix if someone took that one. */
async function studentUsername(db: DbOrTx, studentId: number): Promise<string> {
  const base = `stu${String(studentId).padStart(6, "0")}`;
  for (let n = 0; n < 20; n++) {
    const candidate = n === 0 ? base : `${base}-${n + 1}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  throw new Error(`no free username for student ${studentId}`);
}

export interface NewSifStudent {
  body: SifRegistrationBody;
  choice: SchoolChoice;
  referrer: { id: number; name: string } | null;
  yearId: number;
  createdBy: number | null;
  passwordHash: string;
  password: string;
}

/**
 * Inserts one individual student with its role-1 account and queues the credentials mail, in the
 * caller's transaction. Answers null when the duplicate rule's key is already taken this year.
 */
export async function insertSifStudent(
  tx: DbOrTx,
  config: Pick<ApiConfig, "schoolOrigin">,
  input: NewSifStudent,
): Promise<{ id: number; username: string } | null> {
  const { body, choice } = input;
  const [student] = await tx
    .insert(students)
    .values({
      schoolId: choice.schoolId,
      unlistedSchoolName: choice.schoolId === null ? choice.name : null,
      examYearId: input.yearId,
      classLevel: body.class_level,
      language: body.language,
      firstName: body.first_name,
      lastName: body.last_name,
      gender: body.gender,
      dateOfBirth: body.date_of_birth,
      parentName: body.parent_name,
      contactPhone: body.phone,
      contactEmail: body.email,
      dedupeKey: studentKey(body),
      source: "sif",
      createdBy: input.createdBy,
      referredBySchoolId: input.referrer?.id ?? null,
      referralStatus: input.referrer ? "pending" : null,
      zoneId: choice.zoneId,
      stateId: choice.stateId,
      prantId: choice.prantId,
      districtId: choice.districtId,
    })
    .onConflictDoNothing({ target: [students.examYearId, students.dedupeKey] })
    .returning({ id: students.id });
  if (!student) return null;
  const username = await studentUsername(tx, student.id);
  const name = `${body.first_name} ${body.last_name}`.trim();
  await tx.insert(users).values({
    username,
    email: body.email,
    name,
    roleId: ROLE.student,
    passwordHash: input.passwordHash,
    schoolId: choice.schoolId,
    studentId: student.id,
    zoneId: choice.zoneId,
  });
  const variables = {
    student_name: name,
    username,
    password: input.password,
    // Signing in from the mail leads straight to paying the fee.
    login_url: `${config.schoolOrigin}/login?redirectTo=${encodeURIComponent(pagePath("school", "pay-my-fee"))}`,
  };
  // Built-in templates exist in English and Hindi; other languages get English.
  await enqueueMail(tx, {
    templateKey: "sif-registration",
    language: body.language === "hi" ? "hi" : "en",
    to: body.email,
    variables,
    queuedBy: input.createdBy,
  });
  return { id: student.id, username };
}

/** The student already registered this year with this duplicate key, or null. */
async function ownerOf(db: DbOrTx, yearId: number, key: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from students s where s.exam_year_id = ${yearId} and s.dedupe_key = ${key}`,
  );
  return row ? Number(row.id) : null;
}

/**
 * The public registration: the student (source sif, open exam year, the school's or the chosen
 * region's ids), its referral (pending) when a valid code was given, its role-1 account and the
 * credentials mail, in one transaction.
 */
export function registerSifStudent(
  db: Db,
  config: Pick<ApiConfig, "schoolOrigin">,
  input: { body: SifRegistrationBody; clientIp: string; requestId: string },
): Promise<SifRegistrationData> {
  return limitedAttempt(
    db,
    {
      successes: { key: perNetwork("sif-register", input.clientIp), limit: SIF_REGISTRATIONS_PER_CLIENT },
      failures: { key: perNetwork("sif-register-fail", input.clientIp), limit: SIF_REGISTRATION_FAILURES_PER_CLIENT },
      what: "registrations",
    },
    () => registerSifStudentOnce(db, config, input),
  );
}

async function registerSifStudentOnce(
  db: Db,
  config: Pick<ApiConfig, "schoolOrigin">,
  input: { body: SifRegistrationBody; clientIp: string; requestId: string },
): Promise<SifRegistrationData> {
  const { body } = input;
  const year = await activeExamYear(db);
  const choice = await schoolChoiceOf(db, body);
  const referrer = body.referral_code ? await schoolByReferralCode(db, body.referral_code) : null;
  if (body.referral_code && !referrer) {
    throw new ApiError(422, SIF_MESSAGES.unknownReferral, [
      { field: "referral_code", message: SIF_MESSAGES.unknownReferral },
    ]);
  }
  const key = studentKey(body);
  const existing = await ownerOf(db, year.id, key);
  if (existing !== null) throw sifDuplicateError(existing);
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const made = await insertSifStudent(tx, config, {
      body,
      choice,
      referrer,
      yearId: year.id,
      createdBy: null,
      passwordHash,
      password,
    });
    // Two registrations of one student at once: the unique key let one in.
    if (!made) throw sifDuplicateError(await ownerOf(tx, year.id, key));
    await recordActivity(tx, {
      userId: null,
      action: "student.sif-register",
      entity: "students",
      entityId: made.id,
      after: {
        ...body,
        school_name: choice.name,
        referred_by_school_id: referrer?.id ?? null,
        username: made.username,
        ip: input.clientIp,
      },
      requestId: input.requestId,
    });
    return {
      student_id: made.id,
      username: made.username,
      email: body.email,
      school_name: choice.name,
      referred_by: referrer?.name ?? null,
      exam_year: year.label,
    };
  });
}

// ── The coordinators' list ─────────────────────────────────────────────────────────────────────

export interface SifViewer {
  userId: number;
  roleId: number;
}

/**
 * Which individual students a viewer sees: admins all; a coordinator those whose region (the
 * school's, or the one an unlisted school's student chose) is at or below an assignment.
 */
function viewerScope(viewer: SifViewer): SQL {
  if (inGroup(ROLE_GROUPS.coordinators, viewer.roleId)) {
    return coveredBy(viewer.userId, "s");
  }
  if (inGroup(ROLE_GROUPS.admins, viewer.roleId)) return sql`true`;
  return sql`false`;
}

function listFilters(viewer: SifViewer, yearId: number, query: Partial<IndividualStudentQuery>): SQL {
  const parts: SQL[] = [sql`s.source = 'sif'`, sql`s.exam_year_id = ${yearId}`, viewerScope(viewer)];
  if (query.class_level) parts.push(sql`s.class_level = ${query.class_level}`);
  if (query.payment_status) parts.push(sql`s.payment_status = ${query.payment_status}`);
  if (query.zone_id) parts.push(sql`s.zone_id = ${query.zone_id}`);
  if (query.state_id) parts.push(sql`s.state_id = ${query.state_id}`);
  if (query.district_id) parts.push(sql`s.district_id = ${query.district_id}`);
  if (query.referred === "yes") parts.push(sql`s.referred_by_school_id is not null`);
  if (query.referred === "no") parts.push(sql`s.referred_by_school_id is null`);
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(s.first_name || ' ' || s.last_name ilike ${like} or s.contact_phone ilike ${like}
      or s.contact_email ilike ${like} or s.roll_number ilike ${like} or s.parent_name ilike ${like}
      or coalesce(sc.name, s.unlisted_school_name) ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`students s
  left join schools sc on sc.id = s.school_id
  left join schools ref on ref.id = s.referred_by_school_id
  left join zones z on z.id = s.zone_id
  left join states st on st.id = s.state_id
  left join districts d on d.id = s.district_id`;

const COLUMNS = sql`s.id, s.first_name, s.last_name, s.class_level, s.language, s.gender,
  s.date_of_birth::text as date_of_birth, s.parent_name, s.contact_phone as phone, s.contact_email as email,
  s.school_id, coalesce(sc.name, s.unlisted_school_name) as school_name, s.school_id is not null as school_listed,
  z.name as zone, st.name as state, d.name as district, s.payment_status, s.roll_number,
  ref.name as referred_by, s.referral_status,
  exists (select 1 from users u where u.student_id = s.id) as has_account, s.created_at`;

type RawRow = Omit<IndividualStudentRow, "created_at"> & { created_at: Date | string };

const toRow = (row: RawRow): IndividualStudentRow => ({
  ...row,
  id: Number(row.id),
  school_id: row.school_id === null ? null : Number(row.school_id),
  class_level: Number(row.class_level),
  created_at: new Date(row.created_at).toISOString(),
});

/** A page of the viewer's individual students this exam year, newest first. */
export async function listIndividualStudents(
  db: DbOrTx,
  viewer: SifViewer,
  query: IndividualStudentQuery,
): Promise<Page<IndividualStudentRow>> {
  const year = await activeExamYear(db);
  const where = listFilters(viewer, year.id, query);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from students s left join schools sc on sc.id = s.school_id where ${where}`,
  );
  const rows = await queryRows<RawRow>(
    db,
    sql`select ${COLUMNS} from ${FROM} where ${where}
        order by s.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(toRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

/** Every individual student of the list's filters, in batches, for the export (keyset paging). */
export async function* listIndividualStudentsForExport(
  db: DbOrTx,
  viewer: SifViewer,
  query: Partial<IndividualStudentQuery>,
  batchSize = 2000,
): AsyncGenerator<IndividualStudentRow[]> {
  const year = await activeExamYear(db);
  const where = listFilters(viewer, year.id, { ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<RawRow>(
      db,
      sql`select ${COLUMNS} from ${FROM} where ${where} and s.id > ${after} order by s.id limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toRow);
    after = Number(rows[rows.length - 1]?.id);
  }
}

/**
 * DELETE /api/sif/student/{id}/delete (Admin, Sub Admin): an unpaid individual student goes with
 * its sign-in; a paid or pending one stays (409). Another kind of student is "not found".
 */
export async function deleteIndividualStudent(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number; payment_status: string; first_name: string; last_name: string }>(
      tx,
      sql`select id, payment_status, first_name, last_name from students where id = ${id} and source = 'sif' for update`,
    );
    if (!row) throw notFound("Individual student");
    if (row.payment_status === "paid") throw new ApiError(409, SIF_MESSAGES.paidNotDeleted);
    if (row.payment_status === "pending") throw new ApiError(409, SIF_MESSAGES.pendingNotDeleted);
    await tx.delete(users).where(and(eq(users.roleId, ROLE.student), eq(users.studentId, id)));
    await tx.delete(students).where(eq(students.id, id));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.sif-delete",
      entity: "students",
      entityId: id,
      before: { ...row, id: Number(row.id) },
      requestId: actor.requestId,
    });
  });
}
