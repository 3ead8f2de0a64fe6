import { ROLE } from "@repo/auth/roles";
import type { PanelMemberItem, SubjectItem } from "@repo/contracts/papers";
import { type DbOrTx, queryRows } from "@repo/db";
import { subjects, userLanguages, userSubjects, users } from "@repo/db/schema";
import { asc, eq, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import type { PaperViewer } from "./access";

/** subject/get-subjects: every subject, or for a subject panel user its own. */
export async function listSubjects(db: DbOrTx, viewer: PaperViewer): Promise<SubjectItem[]> {
  const rows = await db
    .select({ id: subjects.id, name: subjects.name, is_active: subjects.isActive })
    .from(subjects)
    .orderBy(asc(subjects.position), asc(subjects.name));
  return viewer.subjects ? rows.filter((s) => viewer.subjects?.includes(s.id)) : rows;
}

/** The subject panel users (15) and translators (16), with what each is assigned. */
export async function listPanelMembers(db: DbOrTx): Promise<PanelMemberItem[]> {
  const rows = await queryRows<{
    id: number;
    username: string;
    name: string;
    role_id: number;
    is_active: boolean;
    subject_ids: number[] | null;
    languages: string[] | null;
  }>(
    db,
    sql`select u.id, u.username, u.name, u.role_id, u.is_active,
        (select array_agg(s.subject_id order by s.subject_id) from user_subjects s where s.user_id = u.id) as subject_ids,
        (select array_agg(l.language order by l.language) from user_languages l where l.user_id = u.id) as languages
      from users u where u.role_id in (${ROLE.subjectPanel}, ${ROLE.translator}) order by u.role_id, u.name`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    username: r.username,
    name: r.name,
    role_id: Number(r.role_id),
    is_active: r.is_active,
    subject_ids: (r.subject_ids ?? []).map(Number),
    languages: r.languages ?? [],
  }));
}

/** Sets a subject panel user's subjects or a translator's languages (each role has only its kind). */
export async function assignPanelMember(
  db: DbOrTx,
  viewer: PaperViewer,
  userId: number,
  body: { subject_ids: number[]; languages: string[] },
): Promise<PanelMemberItem> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
    if (!user || (user.roleId !== ROLE.subjectPanel && user.roleId !== ROLE.translator)) throw notFound("Panel member");
    if (user.roleId === ROLE.subjectPanel && body.languages.length > 0) {
      throw new ApiError(422, "Subject panel users are assigned subjects", [
        { field: "languages", message: "Leave languages empty for a subject panel user" },
      ]);
    }
    if (user.roleId === ROLE.translator && body.subject_ids.length > 0) {
      throw new ApiError(422, "Translators are assigned languages", [
        { field: "subject_ids", message: "Leave subjects empty for a translator" },
      ]);
    }
    const known = await tx.select({ id: subjects.id }).from(subjects);
    const missing = body.subject_ids.find((id) => !known.some((s) => s.id === id));
    if (missing !== undefined) {
      throw new ApiError(422, `There is no subject ${missing}`, [
        { field: "subject_ids", message: "Choose subjects from the list" },
      ]);
    }
    await tx.delete(userSubjects).where(eq(userSubjects.userId, userId));
    await tx.delete(userLanguages).where(eq(userLanguages.userId, userId));
    const subjectIds = [...new Set(body.subject_ids)];
    const languages = [...new Set(body.languages)];
    if (subjectIds.length) await tx.insert(userSubjects).values(subjectIds.map((subjectId) => ({ userId, subjectId })));
    if (languages.length) await tx.insert(userLanguages).values(languages.map((language) => ({ userId, language })));
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "panel.assign",
      entity: "user",
      entityId: userId,
      after: { subject_ids: subjectIds, languages },
      requestId: viewer.requestId,
    });
  });
  const member = (await listPanelMembers(db)).find((m) => m.id === userId);
  if (!member) throw notFound("Panel member");
  return member;
}
