import { languageName } from "@repo/contracts/languages";
import type { TranslationStatus } from "@repo/contracts/papers-constants";
import { sql } from "drizzle-orm";

/**
 * A translation's state beside its question's current English (TRANSLATION_STATUSES): missing
 * when there is none, stale when it was made for other English words (whatever its own status),
 * else its status, draft or done.
 */
export function translationState(
  latest: { status: string; source_hash: string } | null,
  sourceHash: string,
): TranslationStatus {
  if (!latest) return "missing";
  if (latest.source_hash !== sourceHash) return "stale";
  return latest.status === "done" ? "done" : "draft";
}

/** translationState in SQL, for the newest translation `t` (left joined) of question `q`. */
export const translationStateSql = sql`case when t.question_id is null then 'missing' when t.source_hash <> q.source_hash then 'stale' else t.status end`;

/** A translation that keeps a paper set from being finalized, said as what it is. */
export function unfinishedTranslationMessage(
  question: { id: number; section: string; version: number },
  translation: { language: string; state: Exclude<TranslationStatus, "done">; source_version: number | null },
): string {
  const at = `Question ${question.id} (section ${question.section})`;
  const into = `into ${languageName(translation.language)}`;
  switch (translation.state) {
    case "missing":
      return `${at} has no translation ${into}`;
    case "draft":
      return `${at}: the translation ${into} is a draft, not yet marked done`;
    case "stale":
      return `${at}: the translation ${into} is stale: it was made for version ${translation.source_version} of the English, which is now version ${question.version}`;
  }
}
