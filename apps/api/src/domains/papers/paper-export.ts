import type { ExamLevel } from "@repo/contracts/fees";
import { LANGUAGES, type LanguageCode, languageCodeOf } from "@repo/contracts/languages";
import { counted, fill, PAPER_WORDS } from "@repo/contracts/paper-words";
import { SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import type { FileStorage } from "@repo/storage";
import { sql } from "drizzle-orm";
import { recordActivity } from "../../kernel/activity";
import { ApiError, notFound } from "../../kernel/http/errors";
import type { PdfRenderer } from "../../kernel/pdf";
import type { PaperViewer } from "./access";
import { canonicalJson, sha256, type VersionContent } from "./content";
import { imagesOf } from "./images";
import { type PaperDocument, type PaperKind, type PaperSection, renderPaperPdf } from "./paper-document";
import { paperDocx } from "./paper-docx";
import { frozenContent, type PrintedQuestion } from "./paper-sets";
import { visibleQuestions } from "./questions";

export interface PaperFile {
  bytes: Uint8Array;
  fileName: string;
  mime: string;
}

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

function languageOf(languageId: number): LanguageCode {
  const code = languageCodeOf(languageId);
  if (!code) throw new ApiError(422, "No such language", [{ field: "language_id", message: "Choose one of the 14" }]);
  return code;
}

/** The question in `language`: its translation's texts with the source's answer, or the English. */
function inLanguage(question: PrintedQuestion, language: LanguageCode) {
  const translated = language === SOURCE_LANGUAGE ? undefined : question.translations[language]?.content;
  const source = question.content;
  return {
    html: translated?.text ?? source.text,
    options: translated?.options ?? source.options,
    correct: source.correct,
    explanation: translated?.explanation ?? source.explanation ?? "",
    translated: language === SOURCE_LANGUAGE || translated !== undefined,
  };
}

async function render(
  pdf: PdfRenderer,
  storage: FileStorage,
  doc: PaperDocument,
  kind: PaperKind,
  format: "pdf" | "docx",
  baseName: string,
): Promise<PaperFile> {
  const suffix = kind === "key" ? "answer-key" : "paper";
  // The renderer has no network: the pictures go in as bytes.
  const htmls = doc.sections.flatMap((s) =>
    s.questions.flatMap((q) => [q.html, q.explanation ?? "", ...q.options.map((o) => o.html)]),
  );
  doc = { ...doc, images: await imagesOf(storage, htmls) };
  if (format === "docx") {
    return { bytes: await paperDocx(doc, kind), fileName: `${baseName}-${suffix}.docx`, mime: DOCX_MIME };
  }
  return {
    bytes: await renderPaperPdf(pdf, doc, kind),
    fileName: `${baseName}-${suffix}.pdf`,
    mime: "application/pdf",
  };
}

/**
 * export-paperset: a set in one of its languages. A finalized set prints its frozen versions and
 * hash; a draft prints its newest versions as a proof, titled as a draft, with questions not yet
 * translated in English.
 */
export async function exportPaperSet(
  db: DbOrTx,
  pdf: PdfRenderer,
  storage: FileStorage,
  viewer: PaperViewer,
  input: { paperset_id: number; language_id: number; class_id?: number; document: PaperKind; format: "pdf" | "docx" },
): Promise<PaperFile> {
  const language = languageOf(input.language_id);
  const [set] = await queryRows<{ status: string; content_hash: string | null; name: string; exam_year: string }>(
    db,
    sql`select ps.status, ps.content_hash, ps.name, y.label as exam_year from paper_sets ps
      join exam_years y on y.id = ps.exam_year_id where ps.id = ${input.paperset_id}`,
  );
  if (!set) throw notFound("Paper set");
  const content = await frozenContent(db, input.paperset_id);
  if (input.class_id !== undefined && input.class_id !== content.class_id) {
    throw new ApiError(422, "class_id does not match the paper set's class", [
      { field: "class_id", message: `The set is for class ${classLabel(content.class_id)}` },
    ]);
  }
  if (!content.languages.includes(language)) {
    throw new ApiError(422, "The paper set is not offered in this language", [
      {
        field: "language_id",
        message: `Choose one of: ${content.languages.map((l) => LANGUAGES.find((x) => x.code === l)?.name).join(", ")}`,
      },
    ]);
  }
  const draft = set.status !== "finalized";
  let number = 0;
  let untranslated = 0;
  const sections: PaperSection[] = content.sections.map((s) => ({
    label: s.label,
    title: s.title,
    marksPerQuestion: s.marks_per_question,
    negativeMarks: s.negative_marks,
    answerRule: s.answer_rule as PaperSection["answerRule"],
    qualifying:
      s.counts_if_section && s.counts_if_marks != null
        ? { other: s.counts_if_section, marks: s.counts_if_marks }
        : undefined,
    questions: s.questions.map((q) => {
      const shown = inLanguage(q, language);
      if (!shown.translated) untranslated++;
      number += 1;
      return {
        number,
        html: shown.html,
        options: shown.options,
        correct: shown.correct,
        explanation: shown.explanation,
      };
    }),
  }));
  const doc: PaperDocument = {
    heading: { year: set.exam_year, draft },
    code: content.code,
    examKind: content.exam_level as ExamLevel,
    classLevel: content.class_id,
    language,
    durationMinutes: content.duration_minutes,
    totalMarks: content.sections.reduce((sum, s) => sum + s.question_count * s.marks_per_question, 0),
    instructions: content.instructions,
    proofNotes:
      draft && untranslated > 0 ? [counted(language, PAPER_WORDS[language].proofUntranslated, untranslated)] : [],
    contentHash: set.content_hash ?? sha256(canonicalJson(content)),
    sections,
  };
  const file = await render(pdf, storage, doc, input.document, input.format, `${content.code}-${language}`);
  await recordActivity(db, {
    userId: viewer.userId,
    action: "paperSet.export",
    entity: "paper_set",
    entityId: input.paperset_id,
    after: { document: input.document, language, format: input.format, draft },
    requestId: viewer.requestId,
  });
  return file;
}

/** Questions a subject-wise export prints at most (a bank print, not a paper). */
export const SUBJECT_EXPORT_MAX = 500;

/** export-subject-wise: every question of a subject, class and level, newest versions, in one language. */
export async function exportSubjectWise(
  db: DbOrTx,
  pdf: PdfRenderer,
  storage: FileStorage,
  viewer: PaperViewer,
  input: {
    subject_id: number;
    class_id: number;
    exam_level: ExamLevel;
    language_id: number;
    document: PaperKind;
    format: "pdf" | "docx";
  },
): Promise<PaperFile> {
  const language = languageOf(input.language_id);
  const rows = await queryRows<{
    id: number;
    version: number;
    content: VersionContent;
    subject: string;
    translation: PrintedQuestion["translations"][string]["content"] | null;
  }>(
    db,
    sql`select q.id, q.version, v.content, s.name as subject, t.content as translation
      from questions q join subjects s on s.id = q.subject_id
      join question_versions v on v.question_id = q.id and v.version = q.version
      left join question_translations t on t.question_id = q.id and t.language = ${language} and t.is_latest
      where q.subject_id = ${input.subject_id} and q.class_level = ${input.class_id} and q.exam_kind = ${input.exam_level}
        and ${visibleQuestions(viewer)}
      order by q.id limit ${SUBJECT_EXPORT_MAX + 1}`,
  );
  if (rows.length === 0) throw new ApiError(404, "No questions of this subject, class and exam to export");
  if (rows.length > SUBJECT_EXPORT_MAX) {
    throw new ApiError(422, `At most ${SUBJECT_EXPORT_MAX} questions print at once: narrow the export`);
  }
  const byType = new Map<string, typeof rows>();
  for (const row of rows) byType.set(row.content.type, [...(byType.get(row.content.type) ?? []), row]);
  let number = 0;
  const sections: PaperSection[] = [...byType.entries()].map(([type, list], index) => ({
    label: String.fromCharCode(65 + index),
    // The default title, printed in the paper's language; the marking rule names the answer type.
    title: fill(PAPER_WORDS.en.section, { label: String.fromCharCode(65 + index) }),
    marksPerQuestion: list[0]?.content.marks ?? 1,
    negativeMarks: 0,
    answerRule: type as PaperSection["answerRule"],
    questions: list.map((row) => {
      const shown = inLanguage(
        {
          question_id: row.id,
          version: row.version,
          content: row.content,
          translations: row.translation ? { [language]: { version: 0, status: "", content: row.translation } } : {},
        },
        language,
      );
      number += 1;
      return {
        number,
        html: shown.html,
        options: shown.options,
        correct: shown.correct,
        explanation: shown.explanation,
      };
    }),
  }));
  const subject = rows[0]?.subject ?? "Subject";
  const doc: PaperDocument = {
    heading: { subject },
    code: `BANK-${input.exam_level.toUpperCase()}-${classLabel(input.class_id)}`,
    examKind: input.exam_level,
    classLevel: input.class_id,
    language,
    durationMinutes: 0,
    totalMarks: rows.reduce((sum, r) => sum + Number(r.content.marks), 0),
    instructions: [],
    proofNotes: [PAPER_WORDS[language].bankNote],
    contentHash: sha256(canonicalJson(rows.map((r) => [r.id, r.version, r.translation]))),
    sections,
  };
  const slug = subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return render(pdf, storage, doc, input.document, input.format, `${slug}-${classLabel(input.class_id)}-${language}`);
}
