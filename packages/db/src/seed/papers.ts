import { createHash } from "node:crypto";
import { PAPER_WORDS } from "@repo/contracts/paper-words";
import { defaultSectionRows, PAPER_DEFAULTS } from "@repo/contracts/papers-constants";
import type { Db } from "../client";
import {
  examSchedules,
  paperSections,
  paperSets,
  questions,
  questionTranslations,
  questionVersions,
  subjects,
  userLanguages,
  userSubjects,
} from "../schema/index";
import type { DemoSeason } from "./season";

/**
 * Demo paper setting: subjects, the demo subject panel user (Physics, Mathematics) and translator
 * (Hindi, Urdu), a few Level 1 class VIII questions (one with a formula, some reviewed and
 * translated), a draft paper set and the exam schedule. The HTML is what the kit's sanitiser
 * writes, and the hash is the API's `sourceHash` (apps/api/test/papers.test.ts checks both).
 */
export const DEMO_SUBJECTS = [
  "Physics",
  "Chemistry",
  "Biology",
  "Mathematics",
  "India's Contribution to Science",
  "Life of a Scientist",
] as const;

interface DemoQuestion {
  subject: (typeof DEMO_SUBJECTS)[number];
  text: string;
  options: [string, string, string, string];
  correct: string;
  explanation?: string;
  reviewed?: boolean;
  hi?: { text: string; options: [string, string, string, string] };
  ur?: { text: string; options: [string, string, string, string] };
}

const p = (text: string) => `<p>${text}</p>`;
const formula = (tex: string) => `<span class="ql-formula" data-value="${tex}">${tex}</span>`;

const DEMO_QUESTIONS: DemoQuestion[] = [
  {
    subject: "Physics",
    text: p("Which of these is the SI unit of force?"),
    options: [p("Joule"), p("Newton"), p("Watt"), p("Pascal")],
    correct: "B",
    explanation: p("Force is mass times acceleration: 1 N = 1 kg·m/s²."),
    reviewed: true,
    hi: {
      text: p("इनमें से बल का SI मात्रक कौन सा है?"),
      options: [p("जूल"), p("न्यूटन"), p("वाट"), p("पास्कल")],
    },
    ur: {
      text: p("ان میں سے قوت کی SI اکائی کون سی ہے؟"),
      options: [p("جول"), p("نیوٹن"), p("واٹ"), p("پاسکل")],
    },
  },
  {
    subject: "Mathematics",
    text: p(`What is the value of ${formula("x^2 + 2x + 1")} when x = 3?`),
    options: [p("9"), p("12"), p("16"), p("15")],
    correct: "C",
    explanation: p(`${formula("x^2 + 2x + 1 = (x + 1)^2")}, and (3 + 1)² = 16.`),
    reviewed: true,
    hi: {
      text: p(`जब x = 3 हो, तो ${formula("x^2 + 2x + 1")} का मान क्या है?`),
      options: [p("9"), p("12"), p("16"), p("15")],
    },
  },
  {
    subject: "Biology",
    text: p("Which part of the cell holds its genetic material?"),
    options: [p("Cell wall"), p("Nucleus"), p("Cytoplasm"), p("Vacuole")],
    correct: "B",
    reviewed: true,
  },
  {
    subject: "Chemistry",
    text: p("Which gas do plants take in for photosynthesis?"),
    options: [p("Oxygen"), p("Nitrogen"), p("Carbon dioxide"), p("Hydrogen")],
    correct: "C",
  },
  {
    subject: "India's Contribution to Science",
    text: p("Who proposed that the Earth rotates on its axis, in the Aryabhatiya?"),
    options: [p("Aryabhata"), p("Brahmagupta"), p("Bhaskara II"), p("Varahamihira")],
    correct: "A",
  },
  {
    subject: "Physics",
    text: p("A body moves 100 m in 20 s at a steady speed. What is its speed?"),
    options: [p("2 m/s"), p("5 m/s"), p("20 m/s"), p("0.2 m/s")],
    correct: "B",
  },
];

function sourceHash(content: { text: string; options: { key: string; html: string }[]; explanation: string }) {
  return createHash("sha256")
    .update(JSON.stringify([content.text, content.options.map((o) => [o.key, o.html]), content.explanation ?? ""]))
    .digest("hex");
}

const plain = (html: string) =>
  html
    .replace(/<span class="ql-formula" data-value="([^"]*)">[\s\S]*?<\/span>/g, " $1 ")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

export async function seedDemoPapers(
  db: Db,
  ids: { examYearId: number; subjectPanelId: number; translatorId: number; adminId: number },
  season: DemoSeason,
): Promise<void> {
  const created = await db
    .insert(subjects)
    .values(DEMO_SUBJECTS.map((name, position) => ({ name, position })))
    .returning({ id: subjects.id, name: subjects.name });
  const subjectId = (name: string) => created.find((s) => s.name === name)?.id ?? 0;
  if (ids.subjectPanelId) {
    await db.insert(userSubjects).values([
      { userId: ids.subjectPanelId, subjectId: subjectId("Physics") },
      { userId: ids.subjectPanelId, subjectId: subjectId("Mathematics") },
    ]);
  }
  if (ids.translatorId) {
    await db.insert(userLanguages).values([
      { userId: ids.translatorId, language: "hi" },
      { userId: ids.translatorId, language: "ur" },
    ]);
  }
  const keys = ["A", "B", "C", "D"] as const;
  for (const q of DEMO_QUESTIONS) {
    const options = q.options.map((html, i) => ({ key: keys[i] as string, html }));
    const content = {
      text: q.text,
      options,
      correct: [q.correct],
      explanation: q.explanation ?? "",
      type: "single",
      difficulty: "medium",
      marks: 1,
      subject_id: subjectId(q.subject),
    };
    const hash = sourceHash(content);
    const [row] = await db
      .insert(questions)
      .values({
        examKind: "level1",
        classLevel: 8,
        subjectId: content.subject_id,
        questionType: "single",
        difficulty: "medium",
        marks: 1,
        status: q.reviewed ? "reviewed" : "draft",
        version: 1,
        sourceHash: hash,
        plainText: plain(q.text),
        createdBy: ids.subjectPanelId || null,
        updatedBy: ids.subjectPanelId || null,
      })
      .returning({ id: questions.id });
    if (!row) continue;
    await db
      .insert(questionVersions)
      .values({ questionId: row.id, version: 1, content, sourceHash: hash, createdBy: ids.subjectPanelId || null });
    for (const language of ["hi", "ur"] as const) {
      const translation = q[language];
      if (!translation) continue;
      await db.insert(questionTranslations).values({
        questionId: row.id,
        language,
        version: 1,
        content: {
          text: translation.text,
          options: translation.options.map((html, i) => ({ key: keys[i] as string, html })),
          explanation: "",
        },
        status: "done",
        sourceHash: hash,
        sourceVersion: 1,
        createdBy: ids.translatorId || null,
      });
    }
  }
  const defaults = PAPER_DEFAULTS.level1;
  const [set] = await db
    .insert(paperSets)
    .values({
      examYearId: ids.examYearId,
      examKind: "level1",
      classLevel: 8,
      name: "Level 1, class VIII, set A",
      code: "L1-VIII-A",
      languages: ["en", "hi", "ur"],
      durationMinutes: defaults.durationMinutes,
      // The standard instructions print in Hindi and Urdu too; the set's own would block those (decision 062).
      instructions: [...PAPER_WORDS.en.standardInstructions],
      createdBy: ids.adminId || null,
    })
    .returning({ id: paperSets.id });
  if (set) {
    await db.insert(paperSections).values(
      defaultSectionRows("level1").map((row) => ({
        ...row,
        paperSetId: set.id,
        blueprint: Object.fromEntries(created.map((subject) => [String(subject.id), row.position === 0 ? 6 : 10])),
      })),
    );
  }
  await db.insert(examSchedules).values(
    [6, 7, 8, 9, 10, 11].flatMap((classLevel) => [
      {
        examYearId: ids.examYearId,
        examKind: "level1",
        classLevel,
        startsAt: season.level1At,
        durationMinutes: 90,
        updatedBy: ids.adminId || null,
      },
      {
        examYearId: ids.examYearId,
        examKind: "mock",
        classLevel,
        startsAt: season.mockAt,
        durationMinutes: 90,
        updatedBy: ids.adminId || null,
      },
    ]),
  );
}
