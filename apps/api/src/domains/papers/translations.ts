import { LANGUAGES, type LanguageCode, languageCodeOf, languageIdOf } from "@repo/contracts/languages";
import type { TranslationBody, TranslationSummary, TranslationWorkspace } from "@repo/contracts/papers";
import { SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { questionTranslations } from "@repo/db/schema";
import { and, eq, sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError } from "../../kernel/http/errors";
import { assertLanguage, type PaperViewer } from "./access";
import { cleanTexts, formulaMismatches, formulasOf, sameTranslation, type VersionContent } from "./content";
import { assertOwnImages } from "./images";
import { iso, questionRow, textFields, translationSummaries } from "./questions";
import { translationState } from "./translation-state";

/** A language to translate into: one of the 13 besides English, and one of the viewer's. */
function targetLanguage(viewer: PaperViewer, languageId: number): (typeof LANGUAGES)[number] {
  const code = languageCodeOf(languageId);
  const language = LANGUAGES.find((l) => l.code === code);
  if (!language || language.code === SOURCE_LANGUAGE) {
    throw new ApiError(422, "Questions are written in English and translated into the other 13 languages", [
      { field: "language_id", message: "Choose a language other than English" },
    ]);
  }
  assertLanguage(viewer, language.code);
  return language;
}

async function sourceOf(db: DbOrTx, questionId: number, version: number): Promise<VersionContent> {
  const [row] = await queryRows<{ content: VersionContent }>(
    db,
    sql`select content from question_versions where question_id = ${questionId} and version = ${version}`,
  );
  if (!row) throw new Error(`question ${questionId} has no version ${version}`);
  return row.content;
}

/** question-translate: the English source beside the newest translation into one language. */
export async function translationWorkspace(
  db: DbOrTx,
  viewer: PaperViewer,
  questionId: number,
  languageId: number,
): Promise<TranslationWorkspace> {
  const language = targetLanguage(viewer, languageId);
  const row = await questionRow(db, viewer, questionId);
  const source = await sourceOf(db, questionId, row.version);
  const [latest] = await queryRows<{
    content: { text: string; options: { key: string; html: string }[]; explanation: string };
    status: string;
    version: number;
    source_version: number;
    source_hash: string;
    created_at: unknown;
    created_by: string | null;
  }>(
    db,
    sql`select t.content, t.status, t.version, t.source_version, t.source_hash, t.created_at, u.name as created_by
      from question_translations t left join users u on u.id = t.created_by
      where t.question_id = ${questionId} and t.language = ${language.code} and t.is_latest`,
  );
  return {
    question_id: questionId,
    language: {
      id: languageIdOf(language.code),
      code: language.code,
      name: language.name,
      native: language.native,
      dir: language.dir,
    },
    source: {
      text: source.text,
      options: source.options,
      // Leads translate too and see the key; a translator never gets it (decision 049).
      ...(viewer.seesKeys ? { correct: source.correct } : {}),
      explanation: source.explanation ?? "",
      version: row.version,
    },
    text_formulas: [source.text, ...source.options.map((o) => o.html), source.explanation ?? ""].flatMap(formulasOf),
    translation: latest
      ? {
          content: {
            text: latest.content.text,
            options: latest.content.options,
            explanation: latest.content.explanation ?? "",
          },
          status: translationState(latest, row.source_hash),
          version: Number(latest.version),
          source_version: Number(latest.source_version),
          updated_at: iso(latest.created_at),
          updated_by: latest.created_by ?? null,
        }
      : null,
  };
}

/**
 * store-question-translation: a new version of the translation into one language, against the
 * question's current English source. Options align with the source's (same keys, same order) and
 * every formula is kept exactly.
 */
export async function storeTranslation(
  db: DbOrTx,
  viewer: PaperViewer,
  body: TranslationBody,
): Promise<{ workspace: TranslationWorkspace; changed: boolean }> {
  const language = targetLanguage(viewer, body.language_id);
  const content = cleanTexts({ text: body.text, options: body.options, explanation: body.explanation ?? "" });
  assertOwnImages(textFields(content));
  const changed = await db.transaction(async (tx) => {
    const row = await questionRow(tx, viewer, body.question_id, true);
    const source = await sourceOf(tx, body.question_id, row.version);
    const keys = source.options.map((o) => o.key).join(",");
    if (content.options.map((o) => o.key).join(",") !== keys) {
      throw new ApiError(422, "The options must match the source's options", [
        { field: "options", message: `Translate every option of the source, in order: ${keys}` },
      ]);
    }
    const mismatches = formulaMismatches(source, content);
    if (mismatches.length > 0) {
      throw new ApiError(422, "Formulas are copied from the source and cannot change", mismatches);
    }
    const [latest] = await tx
      .select({
        version: questionTranslations.version,
        content: questionTranslations.content,
        status: questionTranslations.status,
        sourceHash: questionTranslations.sourceHash,
      })
      .from(questionTranslations)
      .where(
        and(
          eq(questionTranslations.questionId, body.question_id),
          eq(questionTranslations.language, language.code),
          eq(questionTranslations.isLatest, true),
        ),
      )
      .for("update");
    if (
      latest &&
      latest.status === body.status &&
      latest.sourceHash === row.source_hash &&
      sameTranslation(latest.content as typeof content, content)
    ) {
      return false;
    }
    if (latest) {
      await tx
        .update(questionTranslations)
        .set({ isLatest: false })
        .where(
          and(
            eq(questionTranslations.questionId, body.question_id),
            eq(questionTranslations.language, language.code),
            eq(questionTranslations.isLatest, true),
          ),
        );
    }
    const version = (latest?.version ?? 0) + 1;
    await tx.insert(questionTranslations).values({
      questionId: body.question_id,
      language: language.code,
      version,
      content,
      status: body.status,
      sourceHash: row.source_hash,
      sourceVersion: row.version,
      isLatest: true,
      createdBy: viewer.userId,
    });
    await recordActivity(tx, {
      userId: viewer.userId,
      action: "translation.save",
      entity: "question_translation",
      entityId: body.question_id,
      before: latest ? { version: latest.version, status: latest.status } : null,
      after: { language: language.code, version, status: body.status, source_version: row.version },
      requestId: viewer.requestId,
    });
    return true;
  });
  return { workspace: await translationWorkspace(db, viewer, body.question_id, body.language_id), changed };
}

/** language/translation-status: every language's state for one question. */
export async function translationStatus(
  db: DbOrTx,
  viewer: PaperViewer,
  questionId: number,
): Promise<TranslationSummary[]> {
  await questionRow(db, viewer, questionId);
  const all = await translationSummaries(db, questionId);
  return viewer.languages ? all.filter((t) => viewer.languages?.includes(t.code as LanguageCode)) : all;
}
