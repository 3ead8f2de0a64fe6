/**
 * Sign-in slips (issue 35 item 1, decision 050): the school (a master institute: for one of its
 * schools) gives a student, or a class, a one-time password and prints it. The password must be
 * changed at the first sign-in (users.must_change_password), the student's sessions end, and each
 * reset is in the activity log. A class run reaches only students who never signed in unless the
 * school confirms it means the others too. The password exists only in the PDF.
 */
import { hashPassword } from "@repo/auth/password";
import type { SignInSlipsBody, SignInSlipsPreview } from "@repo/contracts/school-printouts";
import { SLIP_LIMITS, SLIP_MESSAGES } from "@repo/contracts/school-printouts-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { sessions } from "@repo/db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Services } from "../../../context";
import { type Actor, recordActivity } from "../../../kernel/activity";
import { ApiError } from "../../../kernel/http/errors";
import { fontFaceCss } from "../../../kernel/pdf";
import { idsIn } from "../../../kernel/sql";
import { activeExamYear } from "../../programme/exam-year";
import {
  type AccountStudent,
  getStudent,
  type StudentViewer,
  setStudentPassword,
  studentUsername,
  temporaryPassword,
} from "../../students/students";
import { schoolPaysFor } from "../ownership";
import { printoutSchool } from "./school";
import { type SlipData, slipsHtml } from "./slip-document";

type SlipStudent = AccountStudent & { class_level: number; language: string; school_name: string };

/** Never signed in: no account yet, or an account never used. */
const NEVER_SIGNED_IN = sql`not exists (select 1 from users u where u.student_id = s.id and u.last_login_at is not null)`;

/** A class's students of this year (its school's own, schoolPaysFor), in roll-number order. */
async function classStudents(db: DbOrTx, schoolId: number, classLevel: number, neverSignedIn: boolean) {
  const year = await activeExamYear(db);
  return queryRows<SlipStudent>(
    db,
    sql`select s.id, s.school_id, s.first_name, s.last_name, s.contact_email as email, s.roll_number, s.class_level, s.language,
          sc.name as school_name
        from students s join schools sc on sc.id = s.school_id
        where ${schoolPaysFor(schoolId)} and s.exam_year_id = ${year.id} and s.class_level = ${classLevel}
          ${neverSignedIn ? sql`and ${NEVER_SIGNED_IN}` : sql``}
        order by s.roll_number nulls last, s.first_name, s.id`,
  );
}

/** GET: how many of a class never signed in and how many did, before anything changes. */
export async function signInSlipsPreview(
  db: DbOrTx,
  viewer: StudentViewer,
  query: { class_level: number; school_id?: number | undefined },
): Promise<SignInSlipsPreview> {
  const school = await printoutSchool(db, viewer, query.school_id);
  const [all, never] = await Promise.all([
    classStudents(db, school.id, query.class_level, false),
    classStudents(db, school.id, query.class_level, true),
  ]);
  return {
    school_name: school.name,
    class_level: query.class_level,
    never_signed_in: never.length,
    signed_in: all.length - never.length,
  };
}

/**
 * Gives each student a new one-time password (must change at first sign-in), ends its sessions and
 * logs it, and answers the slips. The PDF is printed first and the passwords change after, in one
 * short transaction: a failed print changes nobody's password, and no transaction waits on
 * Chromium (on PGlite it would hold every other statement: decision 047).
 */
async function issueSlips(
  services: Pick<Services, "database" | "pdf" | "config">,
  actor: Actor,
  students: SlipStudent[],
  how: "single" | "class",
): Promise<Uint8Array> {
  const db = services.database.db as Db;
  const accounts = await queryRows<{ student_id: number; username: string }>(
    db,
    sql`select student_id, username from users where ${idsIn(
      sql`student_id`,
      students.map((s) => s.id),
    )}`,
  );
  const usernames = new Map(accounts.map((a) => [Number(a.student_id), a.username]));
  const prepared = await Promise.all(
    students.map(async (student) => {
      const password = temporaryPassword();
      const username = usernames.get(student.id) ?? studentUsername(student);
      return { student, password, username, hash: await hashPassword(password) };
    }),
  );
  const issuer = { name: services.config.invoiceIssuer.name, signInUrl: `${services.config.schoolOrigin}/login` };
  const slips: SlipData[] = prepared.map(({ student, password, username }) => ({
    studentName: `${student.first_name} ${student.last_name}`.trim(),
    classLevel: Number(student.class_level),
    language: student.language,
    schoolName: student.school_name,
    username,
    password,
  }));
  const bytes = await services.pdf.render(slipsHtml(slips, issuer, await fontFaceCss()));
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const { student, hash, username: printed } of prepared) {
      const { userId, username } = await setStudentPassword(tx, student, hash, { mustChange: true });
      // An account made or renamed since the look-up: the slip would name the wrong username.
      if (username !== printed)
        throw new ApiError(409, "A student's sign-in changed meanwhile: print the slips again.");
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await recordActivity(tx, {
        userId: actor.userId,
        action: "student.signInSlip",
        entity: "students",
        entityId: student.id,
        after: { username, must_change_password: true, sessions_revoked: true, run: how },
        requestId: actor.requestId,
      });
    }
  });
  return bytes;
}

/** POST one student's slip: a student of the viewer's schools (getStudent's scope), else 404. */
export async function studentSignInSlip(
  services: Pick<Services, "database" | "pdf" | "config">,
  viewer: StudentViewer,
  actor: Actor,
  studentId: number,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const student = await getStudent(services.database.db, viewer, studentId);
  const bytes = await issueSlips(services, actor, [student], "single");
  return { bytes, fileName: `sign-in-slip-${student.roll_number ?? student.id}.pdf` };
}

/** POST a class's slips: by default only its students who never signed in (decision 050). */
export async function classSignInSlips(
  services: Pick<Services, "database" | "pdf" | "config">,
  viewer: StudentViewer,
  actor: Actor,
  body: SignInSlipsBody,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const db = services.database.db;
  const school = await printoutSchool(db, viewer, body.school_id);
  const students = await classStudents(db, school.id, body.class_level, body.audience === "never_signed_in");
  if (students.length === 0) {
    throw new ApiError(422, SLIP_MESSAGES.noneToPrint(body.audience === "never_signed_in"));
  }
  if (students.length > SLIP_LIMITS.maxPerRun) throw new ApiError(422, SLIP_MESSAGES.tooMany(SLIP_LIMITS.maxPerRun));
  const bytes = await issueSlips(services, actor, students, "class");
  return { bytes, fileName: `sign-in-slips-class-${body.class_level}.pdf` };
}
