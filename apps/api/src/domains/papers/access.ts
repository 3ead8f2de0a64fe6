import { can } from "@repo/auth/permissions";
import { ROLE } from "@repo/auth/roles";
import type { LanguageCode } from "@repo/contracts/languages";
import type { DbOrTx } from "@repo/db";
import { userLanguages, userSubjects } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";

/**
 * Who is working in the paper editor and where (docs/domain.md, Who may do what): a subject panel user (15) only in
 * its subjects, a translator (16) only into its languages; the admin and sub admin everywhere.
 */
export interface PaperViewer {
  userId: number;
  roleId: number;
  requestId: string;
  /** The subjects whose questions the viewer sees and writes; null: all. */
  subjects: number[] | null;
  /** The languages the viewer translates into; null: all. */
  languages: LanguageCode[] | null;
  /** Reads answer keys and version histories (`questions.keys`; not translators, decision 049). */
  seesKeys: boolean;
  /** Reads paper sets and which questions they hold (`paperSets.view`). */
  seesPaperSets: boolean;
}

export async function paperViewer(
  db: DbOrTx,
  user: { userId: number; roleId: number; requestId: string },
): Promise<PaperViewer> {
  const subjects =
    user.roleId === ROLE.subjectPanel
      ? (
          await db.select({ id: userSubjects.subjectId }).from(userSubjects).where(eq(userSubjects.userId, user.userId))
        ).map((r) => r.id)
      : null;
  const languages =
    user.roleId === ROLE.translator
      ? (
          await db
            .select({ code: userLanguages.language })
            .from(userLanguages)
            .where(eq(userLanguages.userId, user.userId))
        ).map((r) => r.code as LanguageCode)
      : null;
  const subject = { roleId: user.roleId, isGcc: false, referredStudents: 0 };
  return {
    ...user,
    subjects,
    languages,
    seesKeys: can(subject, "questions.keys"),
    seesPaperSets: can(subject, "paperSets.view"),
  };
}

/** A filter by paper set or section from someone who may not see paper sets: 403 naming it. */
export function assertPaperSetFilter(viewer: PaperViewer, field: string | null): void {
  if (field && !viewer.seesPaperSets) {
    throw new ApiError(403, "Paper sets are not shown to your role", [
      { field, message: "Leave out the paper set and section filters" },
    ]);
  }
}

/** A subject the viewer may not write in: 422 naming the field and the subjects it has. */
export function assertSubject(viewer: PaperViewer, subjectId: number): void {
  if (viewer.subjects && !viewer.subjects.includes(subjectId)) {
    throw new ApiError(422, "You can write questions in your own subjects only", [
      { field: "subject_id", message: "Choose one of the subjects assigned to you" },
    ]);
  }
}

/** A language the viewer may not translate into: 403 (the language is not secret, the work is). */
export function assertLanguage(viewer: PaperViewer, language: LanguageCode): void {
  if (viewer.languages && !viewer.languages.includes(language)) {
    throw new ApiError(403, "You can translate into your own languages only");
  }
}
