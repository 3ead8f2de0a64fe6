/**
 * Which schools and students an account owns (docs/domain.md, "Region scoping"): a single school
 * (school or institute account, roles 2 and 18) its own school; a master institute (17) the schools
 * it created (decision 016); a student (1) no school, only itself. The one read of an account's
 * school, master institute and student: every query of "the viewer's schools" builds on this module.
 */
import { inGroup, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import type { DbOrTx } from "@repo/db";
import { primaryOf } from "@repo/db/read-replica";
import { users } from "@repo/db/schema";
import { eq, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../kernel/http/errors";

/** Who asks: the signed-in user (a school, institute, master institute or student account). */
export interface Account {
  userId: number;
  roleId: number;
}

/** The schools an account's school pages cover: its own school, or a master institute's schools. */
export type SchoolScope = { kind: "school"; schoolId: number } | { kind: "institute"; masterInstituteId: number };

/** What an account owns: schools (as above), or, for a student, only its own registration. */
export type AccountScope = SchoolScope | { kind: "student"; studentId: number };

/** What an account's row says it owns, or null for one that owns nothing (another role, or nothing on file). */
export function scopeOfAccount(user: {
  roleId: number;
  schoolId: number | null;
  masterInstituteId: number | null;
  studentId: number | null;
}): AccountScope | null {
  if (user.roleId === ROLE.masterInstitute && user.masterInstituteId) {
    return { kind: "institute", masterInstituteId: user.masterInstituteId };
  }
  // A student's account names its school too, but the student owns only itself (decision 049).
  if (user.roleId === ROLE.student && user.studentId) return { kind: "student", studentId: user.studentId };
  if (inGroup(ROLE_GROUPS.singleSchools, user.roleId) && user.schoolId)
    return { kind: "school", schoolId: user.schoolId };
  return null;
}

/** The signed-in account's scope (its role as the users table has it), or null when it owns nothing. */
export async function findAccountScope(db: DbOrTx, account: { userId: number }): Promise<AccountScope | null> {
  // Which schools an account owns is read on the primary, whatever handle came (decision 067).
  const [user] = await primaryOf(db)
    .select({
      roleId: users.roleId,
      schoolId: users.schoolId,
      masterInstituteId: users.masterInstituteId,
      studentId: users.studentId,
    })
    .from(users)
    .where(eq(users.id, account.userId));
  return user ? scopeOfAccount(user) : null;
}

/** The account's scope; an account that owns nothing is 404. */
export async function accountScopeOf(db: DbOrTx, account: { userId: number }): Promise<AccountScope> {
  const scope = await findAccountScope(db, account);
  if (!scope) throw notFound("School");
  return scope;
}

/** The schools of a school account or a master institute; anyone else is 404. */
export async function schoolScopeOf(db: DbOrTx, account: { userId: number }): Promise<SchoolScope> {
  const scope = await findAccountScope(db, account);
  if (!scope || scope.kind === "student") throw notFound("School");
  return scope;
}

/** The one school of a single-school account (roles 2 and 18); a master institute or anyone else is 404. */
export async function ownSchoolId(db: DbOrTx, account: { userId: number }): Promise<number> {
  const scope = await schoolScopeOf(db, account);
  if (scope.kind !== "school") throw notFound("School");
  return scope.schoolId;
}

/** A master institute's schools (an id, or a column such as `mi.id`), as a condition on `schools sc`. */
export const instituteSchoolsWhere = (masterInstitute: number | SQL): SQL =>
  sql`sc.master_institute_id = ${masterInstitute}`;

/** The scope's schools, as a condition on `schools sc`. */
export const ownedSchoolsWhere = (scope: SchoolScope): SQL =>
  scope.kind === "school" ? sql`sc.id = ${scope.schoolId}` : instituteSchoolsWhere(scope.masterInstituteId);

/** The ids of the scope's schools, as a subquery (`… in (${ownedSchoolIds(scope)})`). */
export const ownedSchoolIds = (scope: SchoolScope): SQL =>
  sql`select sc.id from schools sc where ${ownedSchoolsWhere(scope)}`;

/** A column of school ids (such as `a.school_id`) names one of the scope's schools. */
export const inOwnedSchools = (column: SQL, scope: SchoolScope): SQL =>
  scope.kind === "school" ? sql`${column} = ${scope.schoolId}` : sql`${column} in (${ownedSchoolIds(scope)})`;

/** One school, as a condition on `schools sc`, when the scope owns it (else it matches nothing). */
export const ownedSchoolWhere = (scope: SchoolScope, schoolId: number): SQL =>
  sql`sc.id = ${schoolId} and ${ownedSchoolsWhere(scope)}`;

/**
 * THE rule of which students (alias `s`) a school pays for and lists as its own: the students of
 * its school (an id, a column such as `sc.id`, or `{ in: subquery }` of schools) that the school or
 * its master institute added, by form or import. An individual student (source `sif`) that names
 * the school pays its own fee and is not on the school's lists, amounts, orders or counts
 * (decision 049; 013). Every such query uses this, never `s.school_id` alone.
 */
export function schoolPaysFor(schools: number | SQL | { in: SQL }): SQL {
  const school =
    typeof schools === "object" && "in" in schools
      ? sql`s.school_id in (${schools.in})`
      : sql`s.school_id = ${schools}`;
  return sql`(${school} and s.source <> 'sif')`;
}

/** The students (alias `s`) a master institute (an id, or a column such as `mi.id`) pays for. */
export const instituteStudents = (masterInstitute: number | SQL): SQL =>
  schoolPaysFor({ in: sql`select sc.id from schools sc where ${instituteSchoolsWhere(masterInstitute)}` });

/** The students (alias `s`) a scope owns: those its schools pay for. */
export const ownedStudents = (scope: SchoolScope): SQL =>
  schoolPaysFor(scope.kind === "school" ? scope.schoolId : { in: ownedSchoolIds(scope) });
