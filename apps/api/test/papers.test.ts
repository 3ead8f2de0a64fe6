import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAPER_WORDS } from "@repo/contracts/paper-words";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sanitizeHtml } from "@repo/ui/sanitize";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHash, type VersionContent } from "../src/domains/papers/content";
import { scoreSheet } from "../src/domains/results/scoring";
import { paperKey } from "../src/domains/results/store";
import { magnetPng } from "./fixtures/papers/sample-paper";
import { startTestApi, type TestApi } from "./support";

/** The text of a PDF as pdftotext reads it, spaces collapsed. */
function pdfText(bytes: ArrayBuffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "paper-"));
  try {
    const file = path.join(dir, "paper.pdf");
    writeFileSync(file, new Uint8Array(bytes));
    return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The words of a DOCX's body, its XML tags dropped. */
function docxText(bytes: ArrayBuffer): string {
  const xml = strFromU8(unzipSync(new Uint8Array(bytes))["word/document.xml"] ?? new Uint8Array());
  return xml.replace(/<[^>]+>/g, "");
}

const formula = (tex: string) => `<span class="ql-formula" data-value="${tex}">${tex}</span>`;

for (const driver of testDrivers()) {
  describe(`paper setting on ${driver}`, () => {
    let api: TestApi;
    let physics: number;
    let chemistry: number;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const subjects = await queryRows<{ id: number; name: string }>(api.db, sql`select id, name from subjects`);
      physics = subjects.find((s) => s.name === "Physics")?.id ?? 0;
      chemistry = subjects.find((s) => s.name === "Chemistry")?.id ?? 0;
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
      class_id: 8,
      subject_id: physics,
      question_type: "single",
      difficulty: "easy",
      marks: 1,
      text: `<p>What is ${formula("E = mc^2")} called?</p>`,
      options: [
        { key: "A", html: "<p>Mass-energy equivalence</p>" },
        { key: "B", html: "<p>Ohm's law</p>" },
        { key: "C", html: `<p>${formula("F = ma")}</p>` },
        { key: "D", html: "<p>Boyle's law</p>" },
      ],
      correct: ["A"],
      explanation: "<p>Einstein, 1905.</p>",
      ...overrides,
    });
    const store = async (username: string, overrides: Record<string, unknown> = {}) =>
      post(username, "/api/question/question-store", question(overrides));

    it("seeds content the API would have written: sanitised HTML and its source hash", async () => {
      const rows = await queryRows<{ content: VersionContent; source_hash: string }>(
        api.db,
        sql`select content, source_hash from question_versions`,
      );
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) {
        expect(sanitizeHtml(row.content.text).trim()).toBe(row.content.text);
        expect(sourceHash(row.content)).toBe(row.source_hash);
      }
    });

    it("serves the masters every screen picks from", async () => {
      const languages = await get("translator", "/api/get-language-list?without_english=1");
      expect(languages.status).toBe(200);
      expect(languages.body.data).toHaveLength(13);
      expect(languages.body.data.at(-1)).toMatchObject({ id: 14, code: "ur", dir: "rtl" });
      // Whom a screen offers which languages to translate into.
      const translatable = async (who: string) =>
        (await get(who, "/api/get-language-list?translatable=1")).body.data.map((l: { code: string }) => l.code);
      expect(await translatable("translator")).toEqual(["hi", "ur"]);
      expect(await translatable("pssubadmin")).toHaveLength(13);
      expect(await translatable("subject")).toEqual([]);
      const classes = await get("subject", "/api/classes");
      expect(classes.body.data.map((c: { name: string }) => c.name)).toEqual([
        "Class VI",
        "Class VII",
        "Class VIII",
        "Class IX",
        "Class X",
        "Class XI",
      ]);
      const types = await get("psadmin", "/api/question/get-question-type");
      expect(types.body.data.map((t: { code: string }) => t.code)).toEqual(["single", "multiple", "at_least"]);
      // A subject panel user picks among its own subjects only.
      const own = await get("subject", "/api/subject/get-subjects");
      expect(own.body.data.map((s: { name: string }) => s.name).sort()).toEqual(["Mathematics", "Physics"]);
      expect((await get("psadmin", "/api/subject/get-subjects")).body.data).toHaveLength(6);
      const sets = await get("psadmin", "/api/paperset/get-paperset?class_id=8&exam_level=level1");
      expect(sets.body.data[0]).toMatchObject({ code: "L1-VIII-A", status: "draft", total_marks: 100 });
      expect(sets.body.data[0].sections.map((s: { label: string }) => s.label)).toEqual(["A", "B"]);
      expect(sets.body.data[0].sections[1]).toMatchObject({ counts_if_section: "A", counts_if_marks: 20 });
      // Coordinators and schools have no business in the paper editor.
      expect((await api.call("GET", "/api/classes", { token: await api.login("admin", "coordinator") })).status).toBe(
        403,
      );
    });

    it("lets writers write, in their own subjects only, and sanitises what they write", async () => {
      const created = await store("subject", {
        text: `<p onclick="x()">Safe? <script>alert(1)</script>${formula("E = mc^2")}</p>`,
      });
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ version: 1, status: "draft", subject_name: "Physics" });
      expect(created.body.data.content.text).not.toMatch(/script|onclick/);
      expect(created.body.data.content.text).toContain('data-value="E = mc^2"');

      const elsewhere = await store("subject", { subject_id: chemistry });
      expect(elsewhere.status).toBe(422);
      expect(elsewhere.body.errors[0].field).toBe("subject_id");
      expect((await store("translator")).status).toBe(403);
      expect((await store("psadmin", { subject_id: chemistry })).status).toBe(200);

      // A chemistry question is invisible to the physics writer: 404, as if it did not exist.
      const chem = await store("pssubadmin", { subject_id: chemistry });
      expect((await get("subject", `/api/question/question-edit?id=${chem.body.data.id}`)).status).toBe(404);
      expect((await get("translator", `/api/question/question-edit?id=${chem.body.data.id}`)).status).toBe(200);
    });

    it("takes pictures through the file service only, and prints them", async () => {
      const upload = async (who: string, bytes: Uint8Array, name = "magnet.png") => {
        const form = new FormData();
        form.set("image", new File([new Uint8Array(bytes)], name));
        return api.call("POST", "/api/question/image", { token: await as(who), body: form });
      };
      const uploaded = await upload("subject", magnetPng());
      expect(uploaded.status).toBe(200);
      const src: string = uploaded.body.data.src;
      expect(src).toMatch(/^\/question-images\/[0-9a-f]{32}\.png$/);
      const served = await api.call("GET", `/api${src}`, { token: await as("translator") });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      // By content, not by name: a page named .png is refused.
      const fake = await upload("subject", new TextEncoder().encode("<html>hi</html>"), "x.png");
      expect(fake.status).toBe(422);
      expect((await upload("translator", magnetPng())).status).toBe(403);
      expect((await get("subject", "/api/question-images/../../etc/passwd")).status).toBe(404);

      const withPicture = await store("subject", { text: `<p>Which pole is red?</p><p><img src="${src}"></p>` });
      expect(withPicture.status).toBe(200);
      expect(withPicture.body.data.content.text).toContain(src);
      const pasted = await store("subject", {
        options: [
          { key: "A", html: '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>' },
          { key: "B", html: '<p><img src="https://evil.example/x.png"></p>' },
        ],
      });
      expect(pasted.status).toBe(422);
      expect(pasted.body.errors.map((e: { field: string }) => e.field)).toEqual(["options.0.html", "options.1.html"]);
    });

    it("refuses bad questions naming the field and the fix", async () => {
      const two = await store("psadmin", { correct: ["A", "B"] });
      expect(two.status).toBe(400);
      expect(two.body.errors).toContainEqual({
        field: "correct",
        message: "A single-answer question has exactly one correct option",
      });
      const missing = await store("psadmin", { correct: ["E"] });
      expect(missing.body.errors).toContainEqual({ field: "correct", message: "There is no option E" });
      const empty = await store("psadmin", { text: "<p><br></p>" });
      expect(empty.body.errors).toContainEqual({ field: "text", message: "Write the question text" });
      const order = await store("psadmin", {
        options: [
          { key: "A", html: "<p>1</p>" },
          { key: "C", html: "<p>2</p>" },
        ],
      });
      expect(order.body.errors[0]).toMatchObject({ field: "options.1.key" });
    });

    it("keeps every save as a version, shows what changed and rolls back as a new version", async () => {
      const created = (await store("subject")).body.data;
      const id = created.id;
      const edit = (text: string, base?: number) =>
        post("subject", "/api/question/question-update", {
          id,
          ...(base ? { base_version: base } : {}),
          question: question({ text }),
        });
      const v2 = await edit("<p>Second wording</p>", 1);
      expect(v2.body.data.version).toBe(2);
      expect(v2.body.message).toBe("Saved as version 2.");
      const same = await edit("<p>Second wording</p>");
      expect(same.body.data.version).toBe(2);
      expect(same.body.message).toBe("Nothing changed; no new version.");
      // Someone else's save in between: the stale editor is told, not overwritten.
      const stale = await edit("<p>Third wording</p>", 1);
      expect(stale.status).toBe(409);
      expect((await edit("<p>Third wording</p>", 2)).body.data.version).toBe(3);

      const log = await get("subject", `/api/question/question-log-list?question_id=${id}`);
      expect(log.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
      expect(log.body.data[0].changes).toEqual(["question text"]);
      expect(log.body.data[2].changes).toEqual(["written"]);

      // Rollback is for leads; it restores version 1's text as version 4.
      const refused = await api.call("POST", "/api/question/rollback-version", {
        token: await as("subject"),
        json: { question_id: id, rollback_version: 1 },
      });
      expect(refused.status).toBe(403);
      // The spec sends it as a form.
      const rolled = await api.call("POST", "/api/question/rollback-version", {
        token: await as("pssubadmin"),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `question_id=${id}&rollback_version=1`,
      });
      expect(rolled.status).toBe(200);
      expect(rolled.body.data.version).toBe(4);
      expect(rolled.body.data.content.text).toBe(created.content.text);
      const after = await get("psadmin", `/api/question/question-log-list?question_id=${id}`);
      expect(after.body.data[0]).toMatchObject({ version: 4, rolled_back_from: 1, changes: ["question text"] });
      expect(after.body.data).toHaveLength(4);
      const again = await post("psadmin", "/api/question/rollback-version", { question_id: id, rollback_version: 4 });
      expect(again.status).toBe(409);
      expect(
        (await post("psadmin", "/api/question/rollback-version", { question_id: id, rollback_version: 9 })).status,
      ).toBe(404);
    });

    it("translates with formulas locked, per translator language, and marks translations stale on source change", async () => {
      const id = (await store("psadmin")).body.data.id;
      const open = await post("translator", "/api/question-translate", { question_id: id, language_id: 2 });
      expect(open.status).toBe(200);
      expect(open.body.data.text_formulas).toEqual(["E = mc^2", "F = ma"]);
      expect(open.body.data.translation).toBeNull();
      // Tamil (3) is not this translator's language.
      expect((await post("translator", "/api/question-translate", { question_id: id, language_id: 3 })).status).toBe(
        403,
      );
      expect((await post("translator", "/api/question-translate", { question_id: id, language_id: 1 })).status).toBe(
        422,
      );

      const hindi = {
        question_id: id,
        language_id: 2,
        text: `<p>${formula("E = mc^2")} को क्या कहते हैं?</p>`,
        options: [
          { key: "A", html: "<p>द्रव्यमान-ऊर्जा तुल्यता</p>" },
          { key: "B", html: "<p>ओम का नियम</p>" },
          { key: "C", html: `<p>${formula("F = ma")}</p>` },
          { key: "D", html: "<p>बॉयल का नियम</p>" },
        ],
        explanation: "<p>आइंस्टीन, 1905</p>",
        status: "done",
      };
      const changedFormula = await post("translator", "/api/store-question-translation", {
        ...hindi,
        text: `<p>${formula("E = mc^3")} को क्या कहते हैं?</p>`,
      });
      expect(changedFormula.status).toBe(422);
      expect(changedFormula.body.errors).toEqual([
        { field: "text", message: "Keep the formulas of the question text exactly as in the source: E = mc^2" },
      ]);
      const missingOption = await post("translator", "/api/store-question-translation", {
        ...hindi,
        options: hindi.options.slice(0, 3),
      });
      expect(missingOption.status).toBe(422);
      expect(missingOption.body.errors[0].field).toBe("options");

      const saved = await post("translator", "/api/store-question-translation", hindi);
      expect(saved.status).toBe(200);
      expect(saved.body.data.translation).toMatchObject({ status: "done", version: 1, source_version: 1 });
      const urdu = await post("translator", "/api/store-question-translation", {
        ...hindi,
        language_id: 14,
        text: `<p>${formula("E = mc^2")} کو کیا کہتے ہیں؟</p>`,
        status: "draft",
      });
      expect(urdu.body.data.language).toMatchObject({ code: "ur", dir: "rtl" });

      const states = async () =>
        Object.fromEntries(
          (
            await api.call("POST", `/api/language/translation-status?question_id=${id}`, { token: await as("psadmin") })
          ).body.data.map((t: { code: string; status: string }) => [t.code, t.status]),
        );
      expect(await states()).toMatchObject({ hi: "done", ur: "draft", ta: "missing" });

      // A new answer keeps translations current; new English words make them stale.
      await post("psadmin", "/api/question/question-update", { id, question: question({ difficulty: "hard" }) });
      expect((await states()).hi).toBe("done");
      await post("psadmin", "/api/question/question-update", {
        id,
        question: question({ explanation: "<p>Albert Einstein, 1905.</p>" }),
      });
      expect(await states()).toMatchObject({ hi: "stale", ur: "stale" });
      const list = await get(
        "translator",
        `/api/question/question-list?language_id=2&translation_status=stale&per_page=100`,
      );
      expect(list.body.data.items.map((q: { id: number }) => q.id)).toContain(id);
      expect(list.body.data.items.every((q: { translation_status: string }) => q.translation_status === "stale")).toBe(
        true,
      );
      // Confirming it again (same words, against the new source) makes it done.
      await post("translator", "/api/store-question-translation", hindi);
      expect((await states()).hi).toBe("done");
      // A translator sees its own languages only.
      const own = await api.call("POST", `/api/language/translation-status?question_id=${id}`, {
        token: await as("translator"),
      });
      expect(own.body.data.map((t: { code: string }) => t.code)).toEqual(["hi", "ur"]);
    });

    it("lists with every filter of the question bank", async () => {
      const list = async (query: string, who = "psadmin") =>
        (await get(who, `/api/question/question-list?${query}`)).body.data;
      const all = await list("is_mock=0&class_level=1&per_page=100");
      expect(all.total).toBeGreaterThan(5);
      const physicsOnly = await list(`is_mock=0&class_level=1&subject_id=${physics}&per_page=100`);
      expect(physicsOnly.items.every((q: { subject_name: string }) => q.subject_name === "Physics")).toBe(true);
      expect((await list("search=photosynthesis")).items).toHaveLength(1);
      expect((await list("search=PHOTOSYNTHESIS")).items).toHaveLength(1);
      // Words and word beginnings, in any order; operators are plain text.
      expect((await list("search=moves 100")).items.map((q: { text: string }) => q.text).join()).toContain(
        "100 m in 20 s",
      );
      expect((await list("search=photo")).total).toBe(1);
      expect((await list("search=!%26|:*()")).total).toBe(0);
      // Totals come from the tallies: they match the rows, whatever was written, edited or reviewed.
      const counted = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from questions where exam_kind = 'level1' and status = 'draft'`,
      );
      expect((await list("is_mock=0&class_level=1&status=draft")).total).toBe(counted[0]?.n);
      expect(all.items).toHaveLength(all.total);
      expect((await list("is_mock=1")).total).toBe(0);
      expect((await list("class_level=2")).total).toBe(0);
      expect((await list("status=reviewed")).total).toBe(3);
      // In Hindi, the list shows the Hindi text where it exists.
      const hindi = await list("language_id=2&status=reviewed");
      expect(hindi.items.map((q: { text: string }) => q.text).join(" ")).toContain("SI मात्रक");
      const writer = await list("per_page=100", "subject");
      expect(
        writer.items.every((q: { subject_name: string }) => ["Physics", "Mathematics"].includes(q.subject_name)),
      ).toBe(true);
      const bad = await get("psadmin", "/api/question/question-list?language_id=15&per_page=1000");
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["language_id", "per_page"]);
      // The contract is the route's declared query: a required id left out, or a flag out of range, is named.
      const noId = await get("psadmin", "/api/question/question-edit");
      expect(noId.status).toBe(400);
      expect(noId.body.errors.map((e: { field: string }) => e.field)).toEqual(["id"]);
      const flag = await get("psadmin", "/api/get-language-list?without_english=2");
      expect(flag.status).toBe(400);
      expect(flag.body.errors).toEqual([{ field: "without_english", message: "without_english must be 0 or 1" }]);
      // A blank filter is no filter, as the list screens send them.
      expect((await list("is_mock=&class_level=&status=reviewed")).total).toBe(3);
    });

    it("assembles, refuses to finalize with the whole list, then freezes exact versions with a hash", async () => {
      const created = await post("psadmin", "/api/paperset/create", {
        exam_level: "level1",
        class_id: 8,
        name: "Small test set",
        code: "T-SMALL",
        languages: ["en", "hi"],
      });
      expect(created.status).toBe(200);
      const set = created.body.data;
      expect(set.sections.map((s: { question_count: number }) => s.question_count)).toEqual([40, 60]);
      expect((await post("subject", "/api/paperset/create", { ...set, code: "X" })).status).toBe(403);
      const taken = await post("psadmin", "/api/paperset/create", {
        exam_level: "level1",
        class_id: 8,
        name: "Again",
        code: "t-small",
      });
      expect(taken.status).toBe(409);
      expect(taken.body.errors[0].field).toBe("code");

      const [a, b] = set.sections;
      const small = await post("psadmin", `/api/paperset/update/${set.id}`, {
        name: set.name,
        code: set.code,
        languages: ["en", "hi"],
        duration_minutes: 30,
        instructions: ["Answer every question."],
        sections: [
          { id: a.id, title: "Section A", question_count: 1, marks_per_question: 1, negative_marks: 0, blueprint: {} },
          {
            id: b.id,
            title: "Section B",
            question_count: 1,
            marks_per_question: 1,
            negative_marks: 0,
            blueprint: {},
            counts_if_marks: 1,
          },
        ],
      });
      expect(small.status).toBe(200);
      expect(small.body.data.total_marks).toBe(2);

      const q1 = (await store("psadmin")).body.data.id;
      const q2 = (await store("psadmin", { text: "<p>Second question</p>" })).body.data.id;
      const place = (section: number, ids: number[]) =>
        post("psadmin", `/api/paperset/section-questions/${set.id}`, { section_id: section, question_ids: ids });
      expect((await place(a.id, [q1])).status).toBe(200);
      const twice = await place(b.id, [q1]);
      expect(twice.status).toBe(422);
      expect((await place(b.id, [q1, q2])).body.errors[0].field).toBe("question_ids");
      expect((await place(b.id, [q2])).status).toBe(200);

      const refused = await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id });
      expect(refused.status).toBe(422);
      const messages = refused.body.errors.map((e: { message: string }) => e.message);
      expect(messages).toEqual([
        "The set's own instructions have no Hindi translation: use the standard instructions, which print in every language, or drop Hindi",
        `Question ${q1} (section A) is not reviewed`,
        `Question ${q1} (section A) has no translation into Hindi`,
        `Question ${q2} (section B) is not reviewed`,
        `Question ${q2} (section B) has no translation into Hindi`,
      ]);
      // Only the papersetter admin finalizes.
      expect((await post("pssubadmin", "/api/paperset/finalize-paperset", { id: set.id })).status).toBe(403);

      for (const q of [q1, q2]) {
        expect((await post("pssubadmin", "/api/question/review", { question_id: q })).status).toBe(200);
        const ws = (await post("psadmin", "/api/question-translate", { question_id: q, language_id: 2 })).body.data;
        const saved = await post("psadmin", "/api/store-question-translation", {
          question_id: q,
          language_id: 2,
          text: ws.source.text.replace("What is", "क्या है"),
          options: ws.source.options,
          explanation: ws.source.explanation,
          status: "done",
        });
        expect(saved.status).toBe(200);
      }
      // A setter's own section title, like its own instructions, has no Hindi: Check says so (decision 062).
      const rename = (title: string, instructions: readonly string[]) =>
        post("psadmin", `/api/paperset/update/${set.id}`, {
          name: set.name,
          code: set.code,
          languages: ["en", "hi"],
          duration_minutes: 30,
          instructions,
          sections: [
            { id: a.id, title, question_count: 1, marks_per_question: 1, negative_marks: 0, blueprint: {} },
            {
              id: b.id,
              title: "Section B",
              question_count: 1,
              marks_per_question: 1,
              negative_marks: 0,
              blueprint: {},
            },
          ],
        });
      expect((await rename("Physics", PAPER_WORDS.en.standardInstructions)).status).toBe(200);
      const wording = await get("psadmin", `/api/paperset/finalize-check/${set.id}`);
      expect(wording.body.data).toEqual([
        {
          code: "wording",
          message: `Section A's title "Physics" has no Hindi translation: name it "Section A", which prints in every language`,
          question_id: null,
          section: "A",
          language: "hi",
        },
      ]);
      expect((await rename("Section A", PAPER_WORDS.en.standardInstructions)).status).toBe(200);
      const check = await get("psadmin", `/api/paperset/finalize-check/${set.id}`);
      expect(check.body.data).toEqual([]);
      const wrongClass = await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id, class_exam_id: 9 });
      expect(wrongClass.status).toBe(422);
      const done = await post("psadmin", "/api/paperset/finalize-paperset", {
        id: set.id,
        is_mock: 0,
        class_exam_id: 8,
      });
      expect(done.status).toBe(200);
      expect(done.body.data.status).toBe("finalized");
      expect(done.body.data.content_hash).toMatch(/^[0-9a-f]{64}$/);
      const frozen = await queryRows<{
        question_id: number;
        frozen_version: number;
        frozen_translations: Record<string, number>;
      }>(
        api.db,
        sql`select question_id, frozen_version, frozen_translations from paper_set_questions where paper_set_id = ${set.id} order by question_id`,
      );
      expect(frozen).toEqual([
        { question_id: q1, frozen_version: 1, frozen_translations: { hi: 1 } },
        { question_id: q2, frozen_version: 1, frozen_translations: { hi: 1 } },
      ]);

      // Edits after finalizing go to new versions; the frozen set keeps what it froze.
      await post("psadmin", "/api/question/question-update", {
        id: q1,
        question: question({ text: "<p>Changed later</p>" }),
      });
      expect((await place(a.id, [q2])).status).toBe(409);
      expect((await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id })).status).toBe(409);
      const one = await get("subject", `/api/paperset/get-paperset?id=${set.id}`);
      expect(one.body.data.map((s: { id: number }) => s.id)).toEqual([set.id]);
      const again = await get("psadmin", `/api/paperset/get-paperset?class_id=8&exam_level=level1`);
      const same = again.body.data.find((s: { id: number }) => s.id === set.id);
      expect(same.content_hash).toBe(done.body.data.content_hash);
      // The frozen set prints what it froze: the Hindi paper, its code and hash, never the later edit.
      const exported = async (who: string, json: Record<string, unknown>) =>
        api.call("POST", "/api/paperset/export-paperset", {
          token: await as(who),
          json: { paperset_id: set.id, ...json },
        });
      const paper = await exported("pssubadmin", { language_id: 2 });
      expect(paper.status).toBe(200);
      expect(paper.headers.get("content-disposition")).toContain("T-SMALL-hi-paper.pdf");
      const text = pdfText(paper.body as ArrayBuffer);
      expect(text.replace(/\s/g, "")).toContain("क्याहै");
      expect(text).toContain("T-SMALL");
      expect(text).toContain(done.body.data.content_hash.slice(0, 12));
      expect(text).not.toContain("Changed later");
      const key = pdfText((await exported("psadmin", { language_id: 2, document: "key" })).body as ArrayBuffer);
      // The Hindi key says so in Hindi (decision 062).
      expect(key.replace(/\s/g, "")).toContain(PAPER_WORDS.hi.kind.key.replace(/\s/g, ""));
      expect(key).not.toMatch(/Answer key/i);
      const docx = await exported("psadmin", { language_id: 1, format: "docx" });
      expect(docx.headers.get("content-type")).toContain("wordprocessingml");
      expect((await exported("psadmin", { language_id: 14 })).status).toBe(422);
      expect((await exported("subject", { language_id: 2 })).status).toBe(403);

      // The database refuses too, whoever writes.
      await expect(
        api.db.execute(sql`delete from paper_set_questions where paper_set_id = ${set.id}`),
      ).rejects.toThrow();
      await expect(api.db.execute(sql`update paper_sets set name = 'x' where id = ${set.id}`)).rejects.toThrow();
    });

    it("keeps a qualifying rule within reach: refused at save, Check and Finalize, editable until finalize (decision 059)", async () => {
      const set = (
        await post("psadmin", "/api/paperset/create", {
          exam_level: "level1",
          class_id: 8,
          name: "Resized sections",
          code: "T-RULE",
          languages: ["en"],
        })
      ).body.data;
      const [a, b] = set.sections;
      const sections = (rule: Record<string, unknown> = {}) => [
        { id: a.id, title: "Section A", question_count: 3, marks_per_question: 1, negative_marks: 0, blueprint: {} },
        {
          id: b.id,
          title: "Section B",
          question_count: 3,
          marks_per_question: 1,
          negative_marks: 0,
          blueprint: {},
          ...rule,
        },
      ];
      const update = (rule?: Record<string, unknown>) =>
        post("psadmin", `/api/paperset/update/${set.id}`, {
          name: set.name,
          code: set.code,
          languages: ["en"],
          duration_minutes: 30,
          instructions: [],
          sections: sections(rule),
        });
      // Cutting A to 3 questions leaves "B counts when A reaches 20" out of reach: refused, on A's size.
      const cut = await update();
      expect(cut.status).toBe(422);
      expect(cut.body.errors).toEqual([
        {
          field: "sections.0.question_count",
          message:
            "Section B counts only when Section A reaches 20 marks, but Section A has at most 3 marks (3 questions of 1 mark): lower the mark to 3 or less, or remove the rule",
        },
      ]);
      const still = (await get("psadmin", `/api/paperset/get-paperset?id=${set.id}`)).body.data[0];
      expect(still.sections.map((s: { question_count: number }) => s.question_count)).toEqual([40, 60]);
      // The same save with the rule lowered goes through.
      const lowered = await update({ counts_if_marks: 2 });
      expect(lowered.status).toBe(200);
      expect(lowered.body.data.sections[1]).toMatchObject({
        question_count: 3,
        counts_if_section: "A",
        counts_if_marks: 2,
      });
      expect((await update({ counts_if_marks: 4 })).body.errors[0]).toMatchObject({
        field: "sections.1.counts_if_marks",
      });

      const rule = (json: Record<string, unknown>, who = "psadmin") =>
        post(who, `/api/paperset/section-rule/${set.id}`, { section_id: b.id, ...json });
      const high = await rule({ counts_if_section: "A", counts_if_marks: 5 });
      expect(high.status).toBe(422);
      expect(high.body.errors).toEqual([
        {
          field: "counts_if_marks",
          message:
            "Section B counts only when Section A reaches 5 marks, but Section A has at most 3 marks (3 questions of 1 mark): lower the mark to 3 or less, or remove the rule",
        },
      ]);
      expect((await rule({ counts_if_section: "C", counts_if_marks: 2 })).body.errors[0]).toEqual({
        field: "counts_if_section",
        message: "Section B counts only when Section C reaches 2 marks, but this paper has no Section C",
      });
      expect((await rule({ counts_if_section: "B", counts_if_marks: 2 })).body.errors[0].field).toBe(
        "counts_if_section",
      );
      const zero = await rule({ counts_if_section: "A", counts_if_marks: 0 });
      expect(zero.body.errors[0]).toMatchObject({
        field: "counts_if_marks",
        message: expect.stringMatching(/more than 0/),
      });
      expect((await rule({ counts_if_section: "A", counts_if_marks: 2 }, "subject")).status).toBe(403);
      const removed = await rule({ counts_if_section: null, counts_if_marks: null });
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe("The qualifying rule is removed.");
      expect(removed.body.data.sections[1]).toMatchObject({ counts_if_section: null, counts_if_marks: null });
      const saved = await rule({ counts_if_section: "A", counts_if_marks: 2.5 });
      expect(saved.status).toBe(200);
      expect(saved.body.data.sections[1]).toMatchObject({ counts_if_section: "A", counts_if_marks: 2.5 });

      // A rule already out of reach (saved before this check) is refused by Check and Finalize.
      await api.db.execute(sql`update paper_sections set counts_if_marks = 20 where id = ${b.id}`);
      const impossible =
        "Section B counts only when Section A reaches 20 marks, but Section A has at most 3 marks (3 questions of 1 mark): lower the mark to 3 or less, or remove the rule";
      const check = await get("psadmin", `/api/paperset/finalize-check/${set.id}`);
      expect(check.body.data).toContainEqual({
        code: "rule",
        message: impossible,
        question_id: null,
        section: "B",
        language: null,
      });
      const ids: number[] = [];
      for (let i = 1; i <= 6; i++) {
        const id = (await store("psadmin", { text: `<p>Rule question ${i}</p>` })).body.data.id;
        expect((await post("pssubadmin", "/api/question/review", { question_id: id })).status).toBe(200);
        ids.push(id);
      }
      const place = (section: number, list: number[]) =>
        post("psadmin", `/api/paperset/section-questions/${set.id}`, { section_id: section, question_ids: list });
      expect((await place(a.id, ids.slice(0, 3))).status).toBe(200);
      expect((await place(b.id, ids.slice(3))).status).toBe(200);
      expect((await get("psadmin", `/api/paperset/finalize-check/${set.id}`)).body.data).toEqual([
        { code: "rule", message: impossible, question_id: null, section: "B", language: null },
      ]);
      const refused = await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual([{ field: "sections.B", message: impossible }]);

      expect((await rule({ counts_if_section: "A", counts_if_marks: 2 })).status).toBe(200);
      expect((await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id })).status).toBe(200);
      // Finalized: the rule never changes again.
      expect((await rule({ counts_if_section: "A", counts_if_marks: 3 })).status).toBe(409);

      // The paper prints the set's own value, and scoring reads the same one.
      const paper = await api.call("POST", "/api/paperset/export-paperset", {
        token: await as("psadmin"),
        json: { paperset_id: set.id, language_id: 1 },
      });
      expect(pdfText(paper.body as ArrayBuffer)).toContain("Section B counts only when Section A reaches 2 marks");
      const docx = await api.call("POST", "/api/paperset/export-paperset", {
        token: await as("psadmin"),
        json: { paperset_id: set.id, language_id: 1, format: "docx" },
      });
      expect(docxText(docx.body as ArrayBuffer)).toContain("Section B counts only when Section A reaches 2 marks");
      const key = await paperKey(api.db, set.id);
      expect(key.sections.map((s) => [s.label, s.questions.length, s.countsIfSection, s.countsIfMarks])).toEqual([
        ["A", 3, null, null],
        ["B", 3, "A", 2],
      ]);
      // 4 of 6 right, 2 of them in A: B counts.
      expect(scoreSheet(key.sections, ["A", "A", "B", "A", "A", "B"]).total).toBe(400);
    });

    it("says at Check and Finalize whether a translation is missing, a draft or stale (issue 36 item 8)", async () => {
      const created = await post("psadmin", "/api/paperset/create", {
        exam_level: "level1",
        class_id: 8,
        name: "Translation states",
        code: "T-STATES",
        languages: ["en", "hi", "ta", "ur"],
      });
      expect(created.status).toBe(200);
      const set = created.body.data;
      const [a] = set.sections;
      const q = (await store("psadmin", { text: `<p>Which law is ${formula("V = IR")}?</p>` })).body.data.id;
      expect(
        (await post("psadmin", `/api/paperset/section-questions/${set.id}`, { section_id: a.id, question_ids: [q] }))
          .status,
      ).toBe(200);
      expect((await post("pssubadmin", "/api/question/review", { question_id: q })).status).toBe(200);
      const translate = async (languageId: number, status: "done" | "draft") => {
        const ws = (await post("psadmin", "/api/question-translate", { question_id: q, language_id: languageId })).body
          .data;
        const saved = await post("psadmin", "/api/store-question-translation", {
          question_id: q,
          language_id: languageId,
          text: ws.source.text.replace("Which law is", "कौन सा नियम है"),
          options: ws.source.options,
          explanation: ws.source.explanation,
          status,
        });
        expect(saved.status).toBe(200);
      };
      // Hindi done, then the English changes under it (version 2): stale. Urdu a draft of version 2.
      await translate(2, "done");
      const edited = await post("psadmin", "/api/question/question-update", {
        id: q,
        question: question({ text: `<p>Which law is ${formula("V = IR")} called?</p>` }),
      });
      expect(edited.status).toBe(200);
      await translate(14, "draft");
      const expected = [
        `Question ${q} (section A): the translation into Hindi is stale: it was made for version 1 of the English, which is now version 2`,
        `Question ${q} (section A) has no translation into Tamil`,
        `Question ${q} (section A): the translation into Urdu is a draft, not yet marked done`,
      ];
      const check = await get("psadmin", `/api/paperset/finalize-check/${set.id}`);
      const translations = check.body.data.filter((p: { code: string }) => p.code === "translation");
      expect(translations.map((p: { message: string }) => p.message)).toEqual(expected);
      expect(translations.map((p: { language: string }) => p.language)).toEqual(["hi", "ta", "ur"]);
      // The set's page counts the stale translation as stale, not only as "0 done".
      const placed = await get("psadmin", `/api/question/question-list?paperset_id=${set.id}&section_id=${a.id}`);
      expect(placed.body.data.items).toEqual([
        expect.objectContaining({ id: q, translations_done: 0, translations_stale: 1 }),
      ]);
      // The dashboard's "not yet translated" list holds stale and draft ones too, not only missing.
      for (const [languageId, state] of [
        [2, "stale"],
        [3, "missing"],
        [14, "draft"],
      ] as const) {
        const notDone = await get(
          "psadmin",
          `/api/question/question-list?paperset_id=${set.id}&language_id=${languageId}&translation_status=not_done`,
        );
        expect(
          notDone.body.data.items.map((i: { id: number; translation_status: string }) => [i.id, i.translation_status]),
        ).toEqual([[q, state]]);
      }
      const refused = await post("psadmin", "/api/paperset/finalize-paperset", { id: set.id });
      expect(refused.status).toBe(422);
      const fields = refused.body.errors.filter((e: { field: string }) => e.field.startsWith(`questions.${q}.`));
      expect(fields).toEqual([
        { field: `questions.${q}.hi`, message: expected[0] },
        { field: `questions.${q}.ta`, message: expected[1] },
        { field: `questions.${q}.ur`, message: expected[2] },
      ]);
    });

    it("prints a draft as a proof in Urdu, with untranslated questions in English", async () => {
      const set = (
        await post("psadmin", "/api/paperset/create", {
          exam_level: "level1",
          class_id: 8,
          name: "Urdu proof",
          code: "T-URDU",
          languages: ["en", "ur"],
        })
      ).body.data;
      const [force, nucleus] = await queryRows<{ id: number }>(
        api.db,
        sql`select id from questions where plain_text like '%unit of force%' or plain_text like '%genetic material%' order by plain_text like '%genetic%'`,
      );
      const placed = await post("psadmin", `/api/paperset/section-questions/${set.id}`, {
        section_id: set.sections[0].id,
        question_ids: [force?.id, nucleus?.id],
      });
      expect(placed.status).toBe(200);
      const proof = await api.call("POST", "/api/paperset/export-paperset", {
        token: await as("psadmin"),
        json: { paperset_id: set.id, language_id: 14 },
      });
      expect(proof.status).toBe(200);
      // pdftotext gives Urdu back in visual runs: compare letters without spaces and direction marks.
      const text = pdfText(proof.body as ArrayBuffer);
      const letters = text.replace(/[\s\u200e\u200f\u061c]/g, "");
      // (a word breaks into runs at letters that do not join; these words come out whole)
      for (const word of ["پاسکل", "جول", "واٹ", "قوت"]) expect(letters).toContain(word);
      // The draft mark and the proof's note are in Urdu too (decision 062); the untranslated question is English.
      expect(letters).toContain("مسودہ");
      expect(letters).toContain("پروفکاپی");
      expect(text).not.toMatch(/DRAFT|not translated|question\(s\)/);
      expect(text).toContain("genetic material");
    });

    it("copies mock sets only, into a new draft with the same questions", async () => {
      const mock = (
        await post("psadmin", "/api/paperset/create", {
          exam_level: "mock",
          class_id: 8,
          name: "Mock 1",
          code: "M-VIII-1",
          languages: ["en"],
        })
      ).body.data;
      const copy = await post("psadmin", "/api/paperset/copy-mock-paperset", { id: mock.id });
      expect(copy.status).toBe(200);
      expect(copy.body.data).toMatchObject({
        code: "M-VIII-1-C1",
        status: "draft",
        copied_from: mock.id,
        exam_level: "mock",
      });
      expect(copy.body.data.sections).toHaveLength(2);
      const level1 = (await get("psadmin", "/api/paperset/get-paperset?exam_level=level1")).body.data[0];
      const refused = await post("psadmin", "/api/paperset/copy-mock-paperset", { id: level1.id });
      expect(refused.status).toBe(422);
      expect((await post("pssubadmin", "/api/paperset/copy-mock-paperset", { id: mock.id })).status).toBe(403);
    });

    it("schedules exams for the admin only and shows the schedule to schools", async () => {
      const saved = await post("psadmin", "/api/store-exam-schedule", {
        exam_level: "level2",
        class_id: 9,
        starts_at: "2027-02-07T10:00",
        duration_minutes: 45,
      });
      expect(saved.status).toBe(200);
      const row = saved.body.data.find((s: { exam_level: string; class_id: number }) => s.exam_level === "level2");
      // 10:00 in India is 04:30 UTC.
      expect(row).toMatchObject({ class_id: 9, starts_at: "2027-02-07T04:30:00.000Z", duration_minutes: 45 });
      const bad = await post("psadmin", "/api/store-exam-schedule", {
        exam_level: "level2",
        class_id: 9,
        starts_at: "2027-02-31T10:00",
        duration_minutes: 45,
      });
      expect(bad.status).toBe(422);
      expect((await post("pssubadmin", "/api/store-exam-schedule", { exam_level: "level2" })).status).toBe(403);
      const school = await api.call("GET", "/api/exam-schedule", { token: await api.login("school") });
      expect(school.status).toBe(200);
      expect(school.body.data.length).toBeGreaterThan(10);
    });

    it("logs who did what, a subject panel user seeing its own", async () => {
      const logs = await get("psadmin", "/api/dashboard/user-activity-logs?per_page=100");
      expect(logs.status).toBe(200);
      const actions = new Set(logs.body.data.items.map((i: { action: string }) => i.action));
      for (const action of [
        "question.create",
        "question.update",
        "question.rollback",
        "translation.save",
        "paperSet.finalize",
      ]) {
        expect(actions).toContain(action);
      }
      expect(logs.body.data.items.find((i: { action: string }) => i.action === "question.rollback").summary).toMatch(
        /restored version 1 as version 4/,
      );
      const mine = await get("subject", "/api/dashboard/user-activity-logs?per_page=100");
      expect(new Set(mine.body.data.items.map((i: { user_name: string }) => i.user_name)).size).toBe(1);
      // Two sets were finalized above (T-SMALL and T-RULE).
      const filtered = await get("psadmin", "/api/dashboard/user-activity-logs?action=paperSet.finalize");
      expect(filtered.body.data.items.map((i: { action: string }) => i.action)).toEqual([
        "paperSet.finalize",
        "paperSet.finalize",
      ]);
      expect((await get("translator", "/api/dashboard/user-activity-logs")).status).toBe(403);
    });

    it("shows a translator the text it translates, never answer keys or draft compositions (decision 049)", async () => {
      // A draft set holding one question, as assembling leaves it (its blueprint asks for nothing).
      const created = await post("psadmin", "/api/paperset/create", {
        exam_level: "level1",
        class_id: 8,
        name: "Translator check",
        code: "T-TRANSLATOR",
        languages: ["en", "hi"],
      });
      const draft = created.body.data;
      const [a, b] = draft.sections;
      const rule = { question_count: 1, marks_per_question: 1, negative_marks: 0, blueprint: {} };
      await post("psadmin", `/api/paperset/update/${draft.id}`, {
        name: draft.name,
        code: draft.code,
        languages: ["en", "hi"],
        duration_minutes: 30,
        instructions: [],
        sections: [
          { id: a.id, title: "A", ...rule },
          { id: b.id, title: "B", ...rule },
        ],
      });
      const id = (await store("psadmin", { text: "<p>Which law is this?</p>" })).body.data.id;
      const section = a.id;
      const placed = await post("psadmin", `/api/paperset/section-questions/${draft.id}`, {
        section_id: section,
        question_ids: [id],
      });
      expect(placed.status).toBe(200);

      // Forbidden: paper sets, their sections, what a set holds, version histories (which hold keys).
      for (const url of [
        "/api/paperset/get-paperset",
        `/api/paperset/get-paperset?id=${draft.id}`,
        `/api/section/get-sections?paperset_id=${draft.id}`,
        `/api/question/question-list?paperset_id=${draft.id}`,
        `/api/question/question-list?section_id=${section}`,
        `/api/question/question-log-list?question_id=${id}`,
        "/api/question/subject-wise-question-list?subject_name=physics&class_level=1",
      ]) {
        expect((await get("translator", url)).status, url).toBe(403);
      }
      const filter = await get("translator", `/api/question/question-list?paperset_id=${draft.id}`);
      expect(filter.body.errors?.[0]?.field ?? filter.body.message).toMatch(/paperset_id|not allowed|permission/i);

      // Allowed: the list, the question and the translation workspace, without the key fields at all.
      const list = await get("translator", "/api/question/question-list?language_id=2&per_page=5");
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBeGreaterThan(0);
      const detail = await get("translator", `/api/question/question-edit?id=${id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data.content.text.length).toBeGreaterThan(0);
      expect(detail.body.data.content).not.toHaveProperty("correct");
      expect(detail.body.data).not.toHaveProperty("paper_sets");
      const workspace = await post("translator", "/api/question-translate", { question_id: id, language_id: 2 });
      expect(workspace.status).toBe(200);
      expect(workspace.body.data.source.options.length).toBeGreaterThan(1);
      expect(workspace.body.data.source).not.toHaveProperty("correct");
      expect(JSON.stringify([detail.body, workspace.body])).not.toContain('"correct"');

      // Writers keep what they need: the key, the sets that hold the question and its history.
      const lead = await get("psadmin", `/api/question/question-edit?id=${id}`);
      expect(lead.body.data.content.correct.length).toBeGreaterThan(0);
      expect(lead.body.data.paper_sets.map((s: { code: string }) => s.code)).toContain("T-TRANSLATOR");
      expect(
        (await post("psadmin", "/api/question-translate", { question_id: id, language_id: 2 })).body.data.source,
      ).toHaveProperty("correct");
      expect((await get("subject", `/api/section/get-sections?paperset_id=${draft.id}`)).status).toBe(200);
      expect((await get("subject", `/api/question/question-log-list?question_id=${id}`)).status).toBeLessThan(500);
    });

    it("shows the dashboards: written, reviewed, translated and what the blueprint needs", async () => {
      const table = await get("translator", "/api/question/question-table-list?class_level=1&is_mock=0");
      expect(table.status).toBe(200);
      const physicsViii = table.body.data.find(
        (r: { subject_name: string; class_id: number }) => r.subject_name === "Physics" && r.class_id === 8,
      );
      expect(physicsViii.written).toBeGreaterThan(5);
      expect(physicsViii.translated.hi).toBeGreaterThan(0);
      // The demo draft set's blueprint asks 6 + 10 physics questions of class VIII.
      expect(physicsViii.needed).toBe(16);
      const subjectWise = await get(
        "psadmin",
        "/api/question/subject-wise-question-list?subject_name=physics&class_level=1",
      );
      expect(
        subjectWise.body.data.find((r: { paperset_code: string }) => r.paperset_code === "L1-VIII-A"),
      ).toMatchObject({
        section: "A",
        needed: 6,
      });
    });

    it("keeps the translation tallies equal to the rows, after every write of the tests above", async () => {
      // A question deleted with its translations (no screen does it; the database may) leaves none behind.
      await api.db.execute(sql`delete from questions where id = (select q.id from questions q
        where exists (select 1 from question_translations t where t.question_id = q.id)
          and not exists (select 1 from paper_set_questions p where p.question_id = q.id) order by q.id desc limit 1)`);
      for (const [id, code] of [
        [2, "hi"],
        [14, "ur"],
        [3, "ta"],
      ] as const) {
        for (const state of ["missing", "draft", "done", "stale", "not_done"]) {
          const states = state === "not_done" ? ["missing", "draft", "stale"] : [state];
          const [counted] = await queryRows<{ n: number }>(
            api.db,
            sql`select count(*)::int as n from questions q
              left join question_translations t on t.question_id = q.id and t.language = ${code} and t.is_latest
              where q.exam_kind = 'level1' and q.class_level = 8
                and case when t.question_id is null then 'missing' when t.source_hash <> q.source_hash then 'stale' else t.status end
                  in (${sql.join(
                    states.map((s) => sql`${s}`),
                    sql`, `,
                  )})`,
          );
          const listed = await get(
            "psadmin",
            `/api/question/question-list?class_level=1&class_id=8&language_id=${id}&translation_status=${state}`,
          );
          expect(listed.body.data.total, `${code} ${state}`).toBe(counted?.n);
        }
      }
      // A writer's totals are its own subjects'.
      const own = await get(
        "subject",
        "/api/question/question-list?class_level=1&language_id=2&translation_status=missing&per_page=100",
      );
      expect(own.body.data.total).toBe(own.body.data.items.length);
    });

    it("lets the admin assign subjects and languages", async () => {
      const members = await get("psadmin", "/api/papersetter/panel-members");
      const translator = members.body.data.find((m: { username: string }) => m.username === "translator");
      expect(translator.languages).toEqual(["hi", "ur"]);
      const wrong = await post("psadmin", `/api/papersetter/panel-members/${translator.id}`, {
        subject_ids: [physics],
      });
      expect(wrong.status).toBe(422);
      const saved = await post("psadmin", `/api/papersetter/panel-members/${translator.id}`, {
        languages: ["hi", "ur", "ta"],
      });
      expect(saved.body.data.languages).toEqual(["hi", "ta", "ur"]);
      expect((await get("pssubadmin", "/api/papersetter/panel-members")).status).toBe(403);
    });
  });
}
