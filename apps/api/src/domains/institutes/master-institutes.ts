import { hashPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import type {
  MasterInstituteCreateBody,
  MasterInstituteFields,
  MasterInstituteListQuery,
  MasterInstituteProfile,
  MasterInstituteRow,
} from "@repo/contracts/master-institutes";
import { MASTER_INSTITUTE_MESSAGES } from "@repo/contracts/master-institutes-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { masterInstitutes, users } from "@repo/db/schema";
import { and, eq, ne, type SQL, sql } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import { containing } from "../../kernel/sql";
import { findUserByUsername } from "../accounts/users";
import { activeExamYearId } from "../programme/exam-year";
import { instituteSchoolsWhere, instituteStudents } from "../schools/ownership";
import { isUniqueViolation, USERNAME_TAKEN } from "../schools/school-account";
import { type StudentViewer, temporaryPassword } from "../students/students";
import { instituteOf, mailCredentials } from "./institute-schools";

/**
 * Master institutes as LMS manages them (decision 016): list with counts, create (with the role-17
 * account and its credentials mail), edit, enable and disable (a disabled institute's accounts
 * cannot sign in). The institute edits its own details through its profile.
 */

const nameTaken = () =>
  new ApiError(409, MASTER_INSTITUTE_MESSAGES.nameTaken, [
    { field: "name", message: MASTER_INSTITUTE_MESSAGES.nameTaken },
  ]);

async function nameInUse(db: DbOrTx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: masterInstitutes.id })
    .from(masterInstitutes)
    .where(
      and(
        sql`lower(${masterInstitutes.name}) = lower(${name})`,
        exceptId ? ne(masterInstitutes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

const COLUMNS = sql`
  mi.id, mi.name, mi.email, mi.contact_name, mi.contact_phone, mi.is_active, mi.created_at,
  (select u.username from users u where u.master_institute_id = mi.id and u.role_id = ${ROLE.masterInstitute}
    order by u.id limit 1) as username,
  (select count(*)::int from schools sc where ${instituteSchoolsWhere(sql`mi.id`)}) as schools,
  (select count(*)::int from students s
    where ${instituteStudents(sql`mi.id`)} and s.exam_year_id = ${activeExamYearId}) as students,
  (select count(*)::int from students s
    where ${instituteStudents(sql`mi.id`)} and s.payment_status = 'paid' and s.exam_year_id = ${activeExamYearId}) as paid_students`;

type RawRow = Omit<MasterInstituteRow, "created_at"> & { created_at: Date | string };

const toRow = (row: RawRow): MasterInstituteRow => ({
  ...row,
  id: Number(row.id),
  schools: Number(row.schools),
  students: Number(row.students),
  paid_students: Number(row.paid_students),
  created_at: new Date(row.created_at).toISOString(),
});

function filters(query: Partial<MasterInstituteListQuery>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status) parts.push(sql`mi.is_active = ${query.status === "active"}`);
  if (query.search) {
    const like = containing(query.search);
    parts.push(sql`(mi.name ilike ${like} or mi.email ilike ${like} or mi.contact_name ilike ${like}
      or mi.contact_phone ilike ${like}
      or exists (select 1 from users u where u.master_institute_id = mi.id and u.username ilike ${like}))`);
  }
  return sql.join(parts, sql` and `);
}

/** GET master-institute/list: a page of the institutes, by name. */
export async function listMasterInstitutes(
  db: DbOrTx,
  query: MasterInstituteListQuery,
): Promise<Page<MasterInstituteRow>> {
  const where = filters(query);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from master_institutes mi where ${where}`,
  );
  const rows = await queryRows<RawRow>(
    db,
    sql`select ${COLUMNS} from master_institutes mi where ${where}
        order by lower(mi.name), mi.id
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(toRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

/** Every institute of the list's filters, for the export (one batch: there are tens, not thousands). */
export async function* listMasterInstitutesForExport(
  db: DbOrTx,
  query: Partial<MasterInstituteListQuery>,
): AsyncGenerator<MasterInstituteRow[]> {
  const where = filters({ ...query, search: query.search || undefined });
  let after = 0;
  for (;;) {
    const rows = await queryRows<RawRow>(
      db,
      sql`select ${COLUMNS} from master_institutes mi where ${where} and mi.id > ${after} order by mi.id limit 1000`,
    );
    if (rows.length === 0) return;
    yield rows.map(toRow);
    after = Number(rows[rows.length - 1]?.id);
  }
}

export async function getMasterInstitute(db: DbOrTx, id: number): Promise<MasterInstituteRow> {
  const [row] = await queryRows<RawRow>(db, sql`select ${COLUMNS} from master_institutes mi where mi.id = ${id}`);
  if (!row) throw notFound("Master institute");
  return toRow(row);
}

/** POST master-institute: the institute, its role-17 account and the credentials mail, at once. */
export async function createMasterInstitute(
  db: Db,
  actor: Actor,
  body: MasterInstituteCreateBody,
  loginUrl: string,
): Promise<MasterInstituteRow> {
  if (await nameInUse(db, body.name)) throw nameTaken();
  if (await findUserByUsername(db, body.username)) {
    throw new ApiError(409, USERNAME_TAKEN, [{ field: "username", message: USERNAME_TAKEN }]);
  }
  const password = body.password ?? temporaryPassword();
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      const [institute] = await tx
        .insert(masterInstitutes)
        .values({
          name: body.name,
          email: body.email,
          contactName: body.contact_name,
          contactPhone: body.contact_phone,
        })
        .returning({ id: masterInstitutes.id });
      if (!institute) throw new Error("the institute was not inserted");
      await tx.insert(users).values({
        username: body.username,
        email: body.email,
        name: body.name,
        roleId: ROLE.masterInstitute,
        passwordHash,
        masterInstituteId: institute.id,
        mobile: body.contact_phone,
      });
      await mailCredentials(tx, {
        name: body.name,
        accountKind: "master institute",
        createdBy: "The programme office",
        to: body.email,
        username: body.username,
        password,
        loginUrl,
        queuedBy: actor.userId,
      });
      await recordActivity(tx, {
        userId: actor.userId,
        action: "master_institute.create",
        entity: "master_institutes",
        entityId: institute.id,
        after: { ...body, password: undefined },
        requestId: actor.requestId,
      });
      return institute.id;
    });
    return getMasterInstitute(db, id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two creations at once: one of the unique keys (name or username) decided.
    if (await nameInUse(db, body.name)) throw nameTaken();
    throw new ApiError(409, USERNAME_TAKEN, [{ field: "username", message: USERNAME_TAKEN }]);
  }
}

/** Changes an institute's details (LMS, or the institute itself through its profile). */
async function updateDetails(
  db: Db,
  actor: Actor,
  id: number,
  fields: MasterInstituteFields,
  action: string,
): Promise<void> {
  const before = await getMasterInstitute(db, id);
  if (await nameInUse(db, fields.name, id)) throw nameTaken();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(masterInstitutes)
        .set({
          name: fields.name,
          email: fields.email,
          contactName: fields.contact_name,
          contactPhone: fields.contact_phone,
          updatedAt: new Date(),
        })
        .where(eq(masterInstitutes.id, id));
      // The account's display name and address follow the institute's.
      await tx
        .update(users)
        .set({ name: fields.name, email: fields.email, updatedAt: new Date() })
        .where(and(eq(users.masterInstituteId, id), eq(users.roleId, ROLE.masterInstitute)));
      await recordActivity(tx, {
        userId: actor.userId,
        action,
        entity: "master_institutes",
        entityId: id,
        before: {
          name: before.name,
          email: before.email,
          contact_name: before.contact_name,
          contact_phone: before.contact_phone,
        },
        after: fields,
        requestId: actor.requestId,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** POST master-institute/update/{id} (LMS). */
export async function updateMasterInstitute(db: Db, actor: Actor, id: number, fields: MasterInstituteFields) {
  await updateDetails(db, actor, id, fields, "master_institute.update");
  return getMasterInstitute(db, id);
}

/**
 * Enables or disables an institute. Disabling also disables its accounts, so they cannot sign in
 * and their open sessions stop working at once; its schools keep theirs.
 */
export async function setMasterInstituteActive(db: Db, actor: Actor, id: number, isActive: boolean) {
  const before = await getMasterInstitute(db, id);
  await db.transaction(async (tx) => {
    await tx.update(masterInstitutes).set({ isActive, updatedAt: new Date() }).where(eq(masterInstitutes.id, id));
    await tx
      .update(users)
      .set({ isActive, updatedAt: new Date() })
      .where(and(eq(users.masterInstituteId, id), eq(users.roleId, ROLE.masterInstitute)));
    await recordActivity(tx, {
      userId: actor.userId,
      action: isActive ? "master_institute.enable" : "master_institute.disable",
      entity: "master_institutes",
      entityId: id,
      before: { is_active: before.is_active },
      after: { is_active: isActive },
      requestId: actor.requestId,
    });
  });
  return { id, is_active: isActive };
}

/** GET master-institute: the signed-in master institute's own details. */
export async function ownInstituteProfile(db: DbOrTx, viewer: StudentViewer): Promise<MasterInstituteProfile> {
  const id = await instituteOf(db, viewer);
  const row = await getMasterInstitute(db, id);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    contact_name: row.contact_name,
    contact_phone: row.contact_phone,
    is_active: row.is_active,
    schools: row.schools,
  };
}

/** POST master-institute/profile: the institute changes its own details. */
export async function updateOwnInstitute(db: Db, viewer: StudentViewer, actor: Actor, fields: MasterInstituteFields) {
  const id = await instituteOf(db, viewer);
  await updateDetails(db, actor, id, fields, "master_institute.update_profile");
  return ownInstituteProfile(db, viewer);
}
