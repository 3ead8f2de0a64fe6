import { randomInt } from "node:crypto";
import { hashPassword } from "@repo/auth/password";
import { inGroup, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import { type Page, pageOf } from "@repo/contracts/pagination";
import type { SupportRegistration } from "@repo/contracts/pay-support";
import type { SmsKind } from "@repo/contracts/sms-constants";
import { type StudentFields, type StudentListQuery, type StudentRow, studentKey } from "@repo/contracts/students";
import {
  registeredElsewhereMessage,
  registrationIdOf,
  registrationReference,
  STUDENT_MESSAGES,
} from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { schools, students, users } from "@repo/db/schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { wakeJobRunners } from "../../kernel/jobs/jobs";
import { containing, idsIn, textsIn } from "../../kernel/sql";
import { coveredBy } from "../geography/region-scope";
import { enqueueMail } from "../mail/index";
import { activeExamYear } from "../programme/exam-year";
import {
  type Account,
  findAccountScope,
  ownedSchoolsWhere,
  ownedStudents,
  type SchoolScope,
  schoolScopeOf,
} from "../schools/ownership";
import type { SmsService } from "../sms/index";

/** Who asks: the signed-in user (the school, institute or master institute account). */
export type StudentViewer = Account;

export interface AddTarget {
  schoolId: number;
  actor: Actor;
  source: "form" | "import";
}

export interface AddResult {
  /** Ids of the new students, in the order of the rows that made them. */
  inserted: number[];
  /** Positions (in `rows`) of students this school already has this year. */
  alreadyHere: number[];
  /** Positions of students another school already registered this year, with that student's id (never the school's name, decision 055). */
  elsewhere: { index: number; studentId: number }[];
}

/** Rows per insert statement (one JSON parameter) and per duplicate look-up. */
const INSERT_BATCH = 5000;

/**
 * A student ready to insert: its duplicate key and its columns as JSON text. A large import
 * keeps 100,000 of these; as one short string each they take a fraction of the memory objects would.
 */
export interface StudentRecord {
  key: string;
  json: string;
}

export function studentRecord(row: StudentFields): StudentRecord {
  const key = studentKey(row);
  return {
    key,
    json: JSON.stringify({
      class_level: row.class_level,
      language: row.language,
      first_name: row.first_name,
      last_name: row.last_name,
      gender: row.gender,
      parent_name: row.parent_name,
      date_of_birth: row.date_of_birth,
      contact_phone: row.phone,
      contact_email: row.email || null,
      dedupe_key: key,
    }),
  };
}

/**
 * Registers students into the open exam year for one school, inside the caller's transaction.
 * The duplicate rule is the database's unique key, so re-sending a row, a re-uploaded file or two
 * requests at once never add a student twice; the rows that were not added are sorted into this
 * school's own and other schools'.
 */
export function addStudents(db: DbOrTx, target: AddTarget, rows: StudentFields[]): Promise<AddResult> {
  return addStudentRecords(db, target, rows.map(studentRecord));
}

/** addStudents for rows already turned into records (the spreadsheet import). */
export async function addStudentRecords(db: DbOrTx, target: AddTarget, records: StudentRecord[]): Promise<AddResult> {
  const year = await activeExamYear(db);
  const [school] = await db
    .select({
      zoneId: schools.zoneId,
      stateId: schools.stateId,
      prantId: schools.prantId,
      districtId: schools.districtId,
    })
    .from(schools)
    .where(eq(schools.id, target.schoolId));
  if (!school) throw notFound("School");

  const keys = records.map((record) => record.key);
  const insertedByKey = new Map<string, number>();
  for (let start = 0; start < records.length; start += INSERT_BATCH) {
    // One JSON parameter per batch instead of 18 per row: building and binding tens of
    // thousands of parameters took most of a large import's time.
    const batch = `[${records
      .slice(start, start + INSERT_BATCH)
      .map((record) => record.json)
      .join(",")}]`;
    const made = await queryRows<{ id: number; key: string }>(
      db,
      sql`insert into students (school_id, exam_year_id, class_level, language, first_name, last_name, gender,
            parent_name, date_of_birth, contact_phone, contact_email, dedupe_key, source, created_by,
            zone_id, state_id, prant_id, district_id)
          select ${target.schoolId}, ${year.id}, r.class_level, r.language, r.first_name, r.last_name, r.gender,
            r.parent_name, r.date_of_birth, r.contact_phone, r.contact_email, r.dedupe_key, ${target.source},
            ${target.actor.userId}, ${school.zoneId}, ${school.stateId}, ${school.prantId}, ${school.districtId}
          from jsonb_to_recordset(${batch}::jsonb) as r(class_level smallint, language text,
            first_name text, last_name text, gender text, parent_name text, date_of_birth date,
            contact_phone text, contact_email text, dedupe_key text)
          on conflict (exam_year_id, dedupe_key) do nothing
          returning id, dedupe_key as key`,
    );
    for (const row of made) insertedByKey.set(row.key, Number(row.id));
  }

  const result: AddResult = { inserted: [], alreadyHere: [], elsewhere: [] };
  const missing = keys.filter((key) => !insertedByKey.has(key));
  const owners = new Map<string, { schoolId: number | null; studentId: number }>();
  for (let start = 0; start < missing.length; start += INSERT_BATCH) {
    const batch = missing.slice(start, start + INSERT_BATCH);
    const found = await queryRows<{ key: string; school_id: number | null; student_id: number }>(
      db,
      sql`select s.dedupe_key as key, s.school_id, s.id as student_id
          from students s
          where s.exam_year_id = ${year.id} and ${textsIn(sql`s.dedupe_key`, batch)}`,
    );
    for (const row of found) {
      owners.set(row.key, {
        schoolId: row.school_id === null ? null : Number(row.school_id),
        studentId: Number(row.student_id),
      });
    }
  }
  const seen = new Set<string>();
  keys.forEach((key, index) => {
    const id = insertedByKey.get(key);
    if (id !== undefined && !seen.has(key)) {
      seen.add(key);
      result.inserted.push(id);
      return;
    }
    // A key inserted by an earlier row of the same batch belongs to this school too.
    const owner = owners.get(key) ?? (id !== undefined ? { schoolId: target.schoolId, studentId: id } : undefined);
    if (!owner || owner.schoolId === target.schoolId) result.alreadyHere.push(index);
    else result.elsewhere.push({ index, studentId: owner.studentId });
  });
  if (result.inserted.length > 0) {
    await recordActivity(db, {
      userId: target.actor.userId,
      action: target.source === "import" ? "student.import" : "student.create",
      entity: "students",
      entityId: result.inserted.length === 1 ? result.inserted[0] : null,
      after: { school_id: target.schoolId, count: result.inserted.length },
      requestId: target.actor.requestId,
    });
  }
  return result;
}

/**
 * The refusal of a duplicate (reported, not saved): this school's own, or another school's with
 * a reference for support, never that school's name (decision 055).
 */
export function duplicateError(elsewhere: { studentId: number } | undefined): ApiError {
  const message = elsewhere ? registeredElsewhereMessage(elsewhere.studentId) : STUDENT_MESSAGES.duplicateHere;
  return new ApiError(409, message, [{ field: "first_name", message }]);
}

/** One student by the form: added, or refused as a duplicate with the school that has it. */
export async function createStudent(
  db: DbOrTx,
  viewer: StudentViewer,
  actor: Actor,
  fields: StudentFields,
): Promise<StudentRow> {
  const scope = await schoolScopeOf(db, viewer);
  if (scope.kind !== "school") throw new ApiError(403, "Add students from one of your schools' accounts.");
  const result = await db.transaction((tx) =>
    addStudents(tx, { schoolId: scope.schoolId, actor, source: "form" }, [fields]),
  );
  const id = result.inserted[0];
  if (id === undefined) {
    throw duplicateError(result.elsewhere[0]);
  }
  return getStudent(db, viewer, id);
}

const ROW_COLUMNS = sql`
  s.id, s.school_id, sc.name as school_name, y.label as exam_year, s.first_name, s.last_name,
  s.class_level, s.language, s.gender, s.date_of_birth::text as date_of_birth, s.parent_name,
  s.contact_phone as phone, s.contact_email as email, s.payment_status, s.roll_number,
  exists (select 1 from users u where u.student_id = s.id) as has_account,
  (select json_build_object('status', m.status, 'last_error', m.last_error, 'at', m.updated_at)
     from sms_outbox m where m.student_id = s.id and m.kind = ${"student-sign-in" satisfies SmsKind}
     order by m.id desc limit 1) as sign_in_sms,
  s.created_at`;

type RawRow = Omit<StudentRow, "created_at" | "sign_in_sms"> & {
  created_at: Date | string;
  sign_in_sms: StudentRow["sign_in_sms"] | string;
};

const toRow = (row: RawRow): StudentRow => ({
  ...row,
  sign_in_sms: typeof row.sign_in_sms === "string" ? JSON.parse(row.sign_in_sms) : row.sign_in_sms,
  id: Number(row.id),
  school_id: Number(row.school_id),
  class_level: Number(row.class_level),
  created_at: new Date(row.created_at).toISOString(),
});

/** The list filters as SQL, shared by the list, its count and the export. */
function listFilters(scope: SchoolScope, yearId: number, query: Partial<StudentListQuery>): SQL {
  const parts: SQL[] = [ownedStudents(scope), sql`s.exam_year_id = ${yearId}`];
  if (query.school_id) parts.push(sql`s.school_id = ${query.school_id}`);
  if (query.class_level) parts.push(sql`s.class_level = ${query.class_level}`);
  if (query.language) parts.push(sql`s.language = ${query.language}`);
  if (query.payment_status) parts.push(sql`s.payment_status = ${query.payment_status}`);
  if (query.gender) parts.push(sql`s.gender = ${query.gender}`);
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(s.first_name || ' ' || s.last_name ilike ${like} or s.contact_phone ilike ${like}
      or s.contact_email ilike ${like} or s.roll_number ilike ${like} or s.parent_name ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of the viewer's students this exam year, newest first. */
export async function listStudents(
  db: DbOrTx,
  viewer: StudentViewer,
  query: StudentListQuery,
): Promise<Page<StudentRow>> {
  return listStudentsIn(db, await schoolScopeOf(db, viewer), query);
}

/**
 * One school's students for those who oversee it (POST schools/{id}/sponsors/students): the
 * school's own accounts, its master institute, the coordinators of its region and the admins.
 * Anyone else, or a school that does not exist, gets 404.
 */
export async function listSchoolStudents(
  db: DbOrTx,
  viewer: StudentViewer,
  schoolId: number,
  query: StudentListQuery,
): Promise<Page<StudentRow>> {
  if (!(await oversees(db, viewer, schoolId))) throw notFound("School");
  return listStudentsIn(db, { kind: "school", schoolId }, query);
}

/** Whether a viewer may see a school's students (docs/domain.md, Region scoping). */
async function oversees(db: DbOrTx, viewer: StudentViewer, schoolId: number): Promise<boolean> {
  let covers: SQL;
  if (inGroup(ROLE_GROUPS.admins, viewer.roleId)) covers = sql`true`;
  else if (inGroup(ROLE_GROUPS.coordinators, viewer.roleId)) covers = coveredBy(viewer.userId);
  else if (inGroup(ROLE_GROUPS.schoolAccounts, viewer.roleId)) {
    const scope = await findAccountScope(db, viewer);
    if (!scope || scope.kind === "student") return false;
    covers = ownedSchoolsWhere(scope);
  } else return false;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select sc.id from schools sc where sc.id = ${schoolId} and ${covers}`,
  );
  return row !== undefined;
}

export async function listStudentsIn(
  db: DbOrTx,
  scope: SchoolScope,
  query: StudentListQuery,
): Promise<Page<StudentRow>> {
  const year = await activeExamYear(db);
  const where = listFilters(scope, year.id, query);
  const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from students s where ${where}`);
  const rows = await queryRows<RawRow>(
    db,
    sql`select ${ROW_COLUMNS}
        from students s join schools sc on sc.id = s.school_id join exam_years y on y.id = s.exam_year_id
        where ${where}
        order by s.id desc
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(toRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

/** Every student of the list's filters, in batches, for the export (keyset paging: no OFFSET). */
export async function* listStudentsForExport(
  db: DbOrTx,
  viewer: StudentViewer,
  query: Partial<StudentListQuery>,
  batchSize = 2000,
): AsyncGenerator<StudentRow[]> {
  const scope = await schoolScopeOf(db, viewer);
  const year = await activeExamYear(db);
  const where = listFilters(scope, year.id, { ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<RawRow>(
      db,
      sql`select ${ROW_COLUMNS}
          from students s join schools sc on sc.id = s.school_id join exam_years y on y.id = s.exam_year_id
          where ${where} and s.id > ${after}
          order by s.id
          limit ${batchSize}`,
    );
    if (rows.length === 0) return;
    yield rows.map(toRow);
    after = Number(rows[rows.length - 1]?.id);
  }
}

/** One of the viewer's students; any other id is "not found" (ids cannot be probed). */
export async function getStudent(db: DbOrTx, viewer: StudentViewer, id: number): Promise<StudentRow> {
  const scope = await schoolScopeOf(db, viewer);
  const [row] = await queryRows<RawRow>(
    db,
    sql`select ${ROW_COLUMNS}
        from students s join schools sc on sc.id = s.school_id join exam_years y on y.id = s.exam_year_id
        where s.id = ${id} and ${ownedStudents(scope)}`,
  );
  if (!row) throw notFound("Student");
  return toRow(row);
}

/**
 * Changes a student. A paid student keeps its class: the roll number and the paper depend on it.
 * A change that makes the student equal to another one (the duplicate rule) is refused.
 */
export async function updateStudent(
  db: DbOrTx,
  viewer: StudentViewer,
  actor: Actor,
  id: number,
  fields: StudentFields,
): Promise<StudentRow> {
  const before = await getStudent(db, viewer, id);
  if (before.payment_status !== "unpaid" && fields.class_level !== before.class_level) {
    throw new ApiError(422, "The class of a paid student cannot change: its roll number and paper depend on it.", [
      { field: "class_level", message: "The class of a paid student cannot change" },
    ]);
  }
  const key = studentKey(fields);
  await db.transaction(async (tx) => {
    const [clash] = await queryRows<{ id: number; school_id: number | null }>(
      tx,
      sql`select s.id, s.school_id from students s
          where s.exam_year_id = (select exam_year_id from students where id = ${id})
            and s.dedupe_key = ${key} and s.id <> ${id}`,
    );
    if (clash) {
      const here = clash.school_id !== null && Number(clash.school_id) === before.school_id;
      throw duplicateError(here ? undefined : { studentId: Number(clash.id) });
    }
    await tx
      .update(students)
      .set({
        firstName: fields.first_name,
        lastName: fields.last_name,
        classLevel: fields.class_level,
        language: fields.language,
        gender: fields.gender,
        dateOfBirth: fields.date_of_birth,
        parentName: fields.parent_name,
        contactPhone: fields.phone,
        contactEmail: fields.email || null,
        dedupeKey: key,
        updatedAt: new Date(),
      })
      .where(eq(students.id, id));
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.update",
      entity: "students",
      entityId: id,
      before,
      after: fields,
      requestId: actor.requestId,
    });
  });
  return getStudent(db, viewer, id);
}

/**
 * Deletes the viewer's unpaid students among `ids`. Paid and pending ones stay, each with the
 * reason; ids outside the viewer's schools are reported as not found.
 */
export async function deleteStudents(
  db: DbOrTx,
  viewer: StudentViewer,
  actor: Actor,
  ids: number[],
): Promise<{ deleted: number[]; kept: { id: number; reason: string }[] }> {
  const scope = await schoolScopeOf(db, viewer);
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; payment_status: string }>(
      tx,
      sql`select s.id, s.payment_status from students s where ${idsIn(sql`s.id`, unique)} and ${ownedStudents(scope)} for update`,
    );
    const status = new Map(rows.map((row) => [Number(row.id), row.payment_status]));
    const kept: { id: number; reason: string }[] = [];
    const deletable: number[] = [];
    for (const id of unique) {
      const state = status.get(id);
      if (state === undefined) kept.push({ id, reason: "Student not found" });
      else if (state === "paid") kept.push({ id, reason: STUDENT_MESSAGES.paidNotDeleted });
      else if (state === "pending")
        kept.push({ id, reason: "A payment for this student is under way: wait until it is paid or failed." });
      else deletable.push(id);
    }
    if (deletable.length > 0) {
      // A student's own sign-in goes with it.
      await tx
        .delete(users)
        .where(and(eq(users.roleId, ROLE.student), sql`${idsIn(sql`${users.studentId}`, deletable)}`));
      await tx.delete(students).where(idsIn(sql`${students.id}`, deletable));
      await recordActivity(tx, {
        userId: actor.userId,
        action: "student.delete",
        entity: "students",
        entityId: deletable.length === 1 ? deletable[0] : null,
        before: { ids: deletable },
        requestId: actor.requestId,
      });
    }
    return { deleted: deletable, kept };
  });
}

/** A password that meets the portal's rules, for a student's first sign-in. */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)] ?? "";
  const lower = "abcdefghijkmnpqrstuvwxyz";
  const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
  const digits = "23456789";
  const special = "!@#$%&*";
  const rest = Array.from({ length: 6 }, () => pick(lower + upper + digits)).join("");
  return `${pick(upper)}${pick(lower)}${rest}${pick(digits)}${pick(special)}`;
}

/** The student's sign-in fields that making or resetting its account needs. */
export type AccountStudent = Pick<
  StudentRow,
  "id" | "school_id" | "first_name" | "last_name" | "email" | "roll_number"
>;

/** The username a student's new account gets: its roll number, or a number from its id before it has one. */
export const studentUsername = (student: Pick<AccountStudent, "id" | "roll_number">) =>
  student.roll_number ?? `stu${String(student.id).padStart(6, "0")}`;

/**
 * Makes the student's own sign-in with this password, or gives its existing one the password;
 * `mustChange` makes the student choose its own at its next sign-in (a printed slip: decision 050).
 * Inside the caller's transaction; answers the account and its username.
 */
export async function setStudentPassword(
  tx: DbOrTx,
  student: AccountStudent,
  passwordHash: string,
  { mustChange }: { mustChange: boolean },
): Promise<{ userId: number; username: string }> {
  const now = new Date();
  const [existing] = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.studentId, student.id));
  if (existing) {
    await tx
      .update(users)
      .set({
        passwordHash,
        ...(student.email ? { email: student.email } : {}),
        ...(mustChange ? { mustChangePassword: true, passwordChangedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, existing.id));
    return { userId: Number(existing.id), username: existing.username };
  }
  const username = studentUsername(student);
  const [made] = await tx
    .insert(users)
    .values({
      username,
      email: student.email ?? "",
      name: `${student.first_name} ${student.last_name}`.trim(),
      roleId: ROLE.student,
      passwordHash,
      mustChangePassword: mustChange,
      schoolId: student.school_id,
      studentId: student.id,
    })
    .returning({ id: users.id });
  return { userId: Number(made?.id), username };
}

/**
 * Makes (or resets) the student's own sign-in and mails the details in the student's language
 * (English when no template exists in it), or, for a student without an e-mail address, texts
 * them to the student's mobile number. The password exists only in the queued mail or text.
 */
export async function sendStudentCredentials(
  db: DbOrTx,
  sms: SmsService,
  viewer: StudentViewer,
  actor: Actor,
  id: number,
  loginUrl: string,
): Promise<{ message: string; username: string }> {
  const student = await getStudent(db, viewer, id);
  // Without an e-mail address the details go by text message to the student's mobile number.
  const textTo = student.email ? null : student.phone;
  if (!student.email && !textTo) {
    throw new ApiError(422, STUDENT_MESSAGES.noContact, [{ field: "email", message: STUDENT_MESSAGES.noContact }]);
  }
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const name = `${student.first_name} ${student.last_name}`.trim();
  let username = "";
  await db.transaction(async (tx) => {
    ({ username } = await setStudentPassword(tx, student, passwordHash, { mustChange: false }));
    if (textTo) {
      await sms.send(
        {
          kind: "student-sign-in",
          to: textTo,
          vars: { name, username, password, url: loginUrl },
          queuedBy: actor.userId,
          studentId: id,
        },
        tx,
      );
    } else await mailCredentials(tx, student, actor, { student_name: name, username, password, login_url: loginUrl });
    await recordActivity(tx, {
      userId: actor.userId,
      action: "student.sendCredentials",
      entity: "students",
      entityId: id,
      after: { username, by: textTo ? "sms" : "mail" },
      requestId: actor.requestId,
    });
  });
  wakeJobRunners();
  return { message: textTo ? STUDENT_MESSAGES.credentialsTexted : STUDENT_MESSAGES.credentialsQueued, username };
}

/** The sign-in mail in the student's language, else in English. */
async function mailCredentials(
  tx: DbOrTx,
  student: { email: string | null; language: string },
  actor: Actor,
  variables: Record<string, string>,
) {
  try {
    await enqueueMail(tx, {
      templateKey: "student-credentials",
      language: student.language,
      to: student.email ?? "",
      variables,
      queuedBy: actor.userId,
    });
  } catch (error) {
    // Built-in templates exist in English and Hindi; other languages fall back to English.
    if (!(error instanceof ApiError) || error.status !== 422 || student.language === "en") throw error;
    await enqueueMail(tx, {
      templateKey: "student-credentials",
      language: "en",
      to: student.email ?? "",
      variables,
      queuedBy: actor.userId,
    });
  }
}

/**
 * The registration behind a reference a school quoted ("already registered this year with another
 * school", decision 055), for pay support and admins to resolve; 404 when there is none.
 */
export async function registrationByReference(db: DbOrTx, reference: string): Promise<SupportRegistration> {
  const id = registrationIdOf(reference);
  const [row] =
    id === null
      ? []
      : await queryRows<Omit<SupportRegistration, "created_at" | "reference"> & { created_at: Date | string }>(
          db,
          sql`select s.id as student_id, trim(s.first_name || ' ' || coalesce(s.last_name, '')) as student_name,
                s.class_level, s.date_of_birth::text as date_of_birth, y.label as exam_year, s.source,
                s.school_id, coalesce(sc.name, s.unlisted_school_name) as school_name,
                (select u.username from users u where u.school_id = s.school_id and u.role_id = ${ROLE.school}
                  order by u.id limit 1) as school_username,
                sc.contact_phone as school_phone, s.payment_status, s.created_at
              from students s join exam_years y on y.id = s.exam_year_id
                left join schools sc on sc.id = s.school_id
              where s.id = ${id}`,
        );
  if (!row) throw notFound("Registration");
  return {
    ...row,
    reference: registrationReference(Number(row.student_id)),
    student_id: Number(row.student_id),
    school_id: row.school_id === null ? null : Number(row.school_id),
    class_level: Number(row.class_level),
    created_at: new Date(row.created_at).toISOString(),
  };
}
