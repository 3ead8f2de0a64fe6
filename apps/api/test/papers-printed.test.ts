import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainText } from "../src/domains/papers/content";
import { startTestApi, type TestApi } from "./support";

/** The text of a PDF as pdftotext reads it, spaces collapsed. */
function pdfText(bytes: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "printed-"));
  try {
    const file = path.join(dir, "paper.pdf");
    writeFileSync(file, new Uint8Array(bytes));
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface PrintedItem {
  section_label: string;
  number: number;
  question_id: number;
  version: number;
  subject_name: string;
  content: { text: string; options: { key: string; html: string }[]; correct: string[]; explanation: string };
  reviewed: boolean;
  translations: { code: string; version: number | null; status: string }[];
  translations_done: number;
  newer: { version: number; since: string } | null;
}

// Decision 061: a finalized set's pages show exactly what it printed, whatever happens to its questions later.
for (const driver of testDrivers()) {
  describe(`a paper set's questions as printed, on ${driver}`, () => {
    let api: TestApi;
    let physics: number;
    let chemistry: number;
    let mathematics: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const subjects = await queryRows<{ id: number; name: string }>(api.db, sql`select id, name from subjects`);
      physics = subjects.find((s) => s.name === "Physics")?.id ?? 0;
      chemistry = subjects.find((s) => s.name === "Chemistry")?.id ?? 0;
      mathematics = subjects.find((s) => s.name === "Mathematics")?.id ?? 0;
    });
    afterAll(async () => {
      await api?.close();
    });
    const as = async (username: string) => api.login(username, "papersetter");
    const get = async (username: string, url: string) => api.call("GET", url, { token: await as(username) });
    const post = async (username: string, url: string, json: unknown) =>
      api.call("POST", url, { token: await as(username), json });
    const question = (overrides: Record<string, unknown> = {}) => ({
      exam_level: "level1",
      class_id: 9,
      subject_id: physics,
      question_type: "single",
      difficulty: "easy",
      marks: 1,
      text: "<p>Which quantity is measured in newtons?</p>",
      options: [
        { key: "A", html: "<p>Force</p>" },
        { key: "B", html: "<p>Energy</p>" },
        { key: "C", html: "<p>Power</p>" },
        { key: "D", html: "<p>Charge</p>" },
      ],
      correct: ["A"],
      explanation: "<p>One newton accelerates one kilogram by one metre per second squared.</p>",
      ...overrides,
    });
    /** A set in English and Hindi with one question in each of its two sections. */
    async function smallSet(code: string, ids: [number, number]) {
      const set = (
        await post("psadmin", "/api/paperset/create", {
          exam_level: "level1",
          class_id: 9,
          name: `Printed ${code}`,
          code,
          languages: ["en", "hi"],
        })
      ).body.data;
      const rule = { question_count: 1, marks_per_question: 1, negative_marks: 0, blueprint: {} };
      const [a, b] = set.sections;
      // One question a section: B's default rule (A reaches 20) would be out of reach (decision 059),
      // and the set's own instructions would have no Hindi (decision 062), so neither is kept.
      const updated = await post("psadmin", `/api/paperset/update/${set.id}`, {
        name: set.name,
        code,
        languages: ["en", "hi"],
        duration_minutes: 30,
        instructions: [],
        sections: [
          { id: a.id, title: "Section A", ...rule },
          { id: b.id, title: "Section B", ...rule, counts_if_section: null, counts_if_marks: null },
        ],
      });
      expect(updated.status).toBe(200);
      for (const [section, id] of [
        [a.id, ids[0]],
        [b.id, ids[1]],
      ]) {
        const placed = await post("psadmin", `/api/paperset/section-questions/${set.id}`, {
          section_id: section,
          question_ids: [id],
        });
        expect(placed.status).toBe(200);
      }
      return set as { id: number };
    }
    const printed = async (username: string, setId: number) => {
      const answer = await get(username, `/api/paperset/questions/${setId}`);
      expect(answer.status).toBe(200);
      return answer.body.data as PrintedItem[];
    };

    it("shows a finalized set's pinned versions after its question is edited, as its PDF prints them", async () => {
      const q1 = (await store()).body.data.id;
      const q2 = (await store({ subject_id: chemistry, text: "<p>Which gas do plants give off in light?</p>" })).body
        .data.id;
      for (const q of [q1, q2]) {
        expect((await post("psadmin", "/api/question/review", { question_id: q })).status).toBe(200);
        const ws = (await post("psadmin", "/api/question-translate", { question_id: q, language_id: 2 })).body.data;
        const saved = await post("psadmin", "/api/store-question-translation", {
          question_id: q,
          language_id: 2,
          text: ws.source.text.replace("Which", "कौन"),
          options: ws.source.options,
          explanation: ws.source.explanation,
          status: "done",
        });
        expect(saved.status).toBe(200);
      }
      const set = await smallSet("T-PRINTED", [q1, q2]);
      const finalized = await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id });
      expect(finalized.status).toBe(200);

      const edited = await post("psadmin", "/api/question/question-update", {
        id: q1,
        question: question({
          text: "<p>Edited after printing: which unit is a newton?</p>",
          correct: ["B"],
          subject_id: mathematics,
        }),
      });
      expect(edited.status).toBe(200);
      expect(edited.body.data.version).toBe(2);

      const items = await printed("psadmin", set.id);
      expect(items.map((i) => [i.section_label, i.number, i.question_id])).toEqual([
        ["A", 1, q1],
        ["B", 2, q2],
      ]);
      const first = items[0] as PrintedItem;
      expect(first.version).toBe(1);
      expect(first.content.text).toBe("<p>Which quantity is measured in newtons?</p>");
      expect(first.content.correct).toEqual(["A"]);
      expect(first.reviewed).toBe(true);
      expect(first.translations).toEqual([{ code: "hi", name: "Hindi", version: 1, status: "done" }]);
      expect(first.translations_done).toBe(1);
      expect(first.newer?.version).toBe(2);
      expect(Date.parse(first.newer?.since ?? "")).not.toBeNaN();
      expect(first.subject_name).toBe("Physics");
      expect(items[1]?.newer).toBeNull();
      // The subject report counts the printed version's subject too.
      const bySubject = async (name: string) =>
        (
          await get("psadmin", `/api/question/subject-wise-question-list?subject_name=${name}&class_level=1&is_mock=0`)
        ).body.data.find((r: { paperset_id: number; section: string }) => r.paperset_id === set.id && r.section === "A")
          .placed;
      expect(await bySubject("Physics")).toBe(1);
      expect(await bySubject("Mathematics")).toBe(0);
      expect(items[1]?.subject_name).toBe("Chemistry");

      // The bank itself moved on: the question is version 2, not reviewed, its Hindi stale.
      const bank = (await get("psadmin", `/api/question/question-edit?id=${q1}`)).body.data;
      expect(bank.status).toBe("draft");
      expect(bank.translations.find((t: { code: string }) => t.code === "hi").status).toBe("stale");
      // The question's page names the version each set prints.
      expect(bank.paper_sets).toEqual([{ id: set.id, code: "T-PRINTED", status: "finalized", printed_version: 1 }]);

      // The PDF prints what the page shows, in English and in Hindi, with the pinned key.
      const pdf = async (languageId: number, document = "paper") =>
        pdfText(
          (
            await api.call("POST", "/api/paperset/export-paperset", {
              token: await as("psadmin"),
              json: { paperset_id: set.id, language_id: languageId, document },
            })
          ).body as ArrayBuffer,
        );
      const english = await pdf(1);
      for (const item of items) expect(english).toContain(plainText(item.content.text));
      expect(english).not.toContain("Edited after printing");
      const key = await pdf(1, "key");
      // The key printed is the pinned one (A), not the edit's (B), as the page answers it.
      expect(first.content.correct).toEqual(["A"]);
      expect(key).toContain("Q 1 · Answer A");
      expect(key).not.toContain("Answer B");

      // A subject panel user (Physics, Mathematics) sees its own subjects' printed questions only.
      expect((await printed("subject", set.id)).map((i) => [i.number, i.question_id])).toEqual([[1, q1]]);
      // A translator sees no paper set.
      expect((await get("translator", `/api/paperset/questions/${set.id}`)).status).toBe(403);
      expect((await get("psadmin", "/api/paperset/questions/999999")).status).toBe(404);
    });

    it("shows a draft set's newest versions, their review and translation states", async () => {
      const q1 = (await store({ text: "<p>What does a voltmeter measure?</p>" })).body.data.id;
      const q2 = (await store({ text: "<p>What does an ammeter measure?</p>" })).body.data.id;
      expect((await post("psadmin", "/api/question/review", { question_id: q1 })).status).toBe(200);
      const set = await smallSet("T-DRAFTVIEW", [q1, q2]);
      const edited = await post("psadmin", "/api/question/question-update", {
        id: q2,
        question: question({ text: "<p>What does an ammeter measure, in amperes?</p>" }),
      });
      expect(edited.status).toBe(200);
      const items = await printed("pssubadmin", set.id);
      expect(items.map((i) => [i.version, plainText(i.content.text), i.reviewed, i.newer])).toEqual([
        [1, "What does a voltmeter measure?", true, null],
        [2, "What does an ammeter measure, in amperes?", false, null],
      ]);
      expect(items[0]?.translations).toEqual([{ code: "hi", name: "Hindi", version: null, status: "missing" }]);
      expect(items[0]?.translations_done).toBe(0);
    });

    async function store(overrides: Record<string, unknown> = {}) {
      const saved = await post("psadmin", "/api/question/question-store", question(overrides));
      expect(saved.status).toBe(200);
      return saved;
    }
  });
}
