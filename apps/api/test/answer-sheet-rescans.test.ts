import { queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dryRun, type KnownPaper, type KnownStudent } from "../src/domains/results/dry-run";
import { readSheetFile } from "../src/domains/results/sheet-format";
import { runAnswerSheetJobs } from "./answer-jobs";
import { rescanFile, rescanRolls } from "./fixtures/answer-sheet-rescans";
import { startTestApi, type TestApi } from "./support";

/** The day a sheet was stored, as the report writes it (India's calendar). */
const dayOf = (moment: string | Date) =>
  new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" }).format(new Date(moment));

// Decision 022 (Uploads) and 057: a roll number's last line decides, refused or not, within a file;
// a refused line leaves a sheet stored from an earlier upload in place, and the report says so.
for (const driver of testDrivers()) {
  describe(`rescans in answer-sheet files on ${driver}`, () => {
    let api: TestApi;
    let rolls: ReturnType<typeof rescanRolls>;
    beforeAll(async () => {
      api = await startTestApi(driver);
      const year = Number(
        (await queryRows<{ id: number }>(api.db, sql`select id from exam_years where is_active`))[0]?.id,
      );
      await seedFinalizedPaper(api.db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "L1-VIII-R",
        sections: level1Sections(() => ["A"]),
      });
      const paid = await queryRows<{ roll: string }>(
        api.db,
        sql`select roll_number as roll from students where class_level = 8 and payment_status = 'paid'
            order by id limit 8`,
      );
      // An unpaid student with a roll number: paid once, refunded since.
      const [unpaid] = await queryRows<{ id: number }>(
        api.db,
        sql`select id from students where class_level = 8 and payment_status = 'unpaid' order by id limit 1`,
      );
      await api.db.execute(sql`update students set roll_number = 'MH08999977' where id = ${unpaid?.id}`);
      rolls = rescanRolls(
        paid.map((p) => p.roll),
        "MH08999977",
      );
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = () => runAnswerSheetJobs(api);
    const token = () => api.login("admin", "coordinator");
    const check = async (text: string) => {
      const form = new FormData();
      form.append("file", new File([text], "rescans.txt"));
      form.append("exam_level", "level1");
      const started = await api.call("POST", "/api/admin-upload-txt-answersheet", { token: await token(), body: form });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = Number(started.body.data.upload_id);
      await runJobs();
      return id;
    };
    const report = async (id: number) =>
      (await api.call("GET", `/api/answer-sheet-upload/${id}`, { token: await token() })).body.data.report as {
        accepted: number;
        replacing_stored: number;
        problems: { line: number; roll: string; kind: string; message: string }[];
      };
    const problemsFile = async (id: number) => {
      const answer = await api.call("GET", `/api/answer-sheet-upload/${id}/problems`, { token: await token() });
      expect(answer.status).toBe(200);
      return new TextDecoder().decode(answer.body as ArrayBuffer);
    };
    const store = async (id: number) => {
      const confirmed = await api.call("POST", `/api/answer-sheet-upload/${id}/confirm`, {
        token: await token(),
        json: {},
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
      await runJobs();
    };
    const sheets = async () =>
      new Map(
        (
          await queryRows<{ roll: string; total: number; line: number; upload_id: number; verify_code: string }>(
            api.db,
            sql`select roll_number as roll, total, line, upload_id, verify_code from answer_sheets`,
          )
        ).map((s) => [s.roll, { ...s, line: Number(s.line), upload_id: Number(s.upload_id) }]),
      );
    const messagesOf = (problems: { line: number; roll: string; kind: string; message: string }[], roll: string) =>
      problems.filter((p) => p.roll === roll).map((p) => [p.line, p.kind, p.message]);

    let firstUpload = 0;

    it("within one file: a refused last line leaves its roll number with no sheet, and both lines are reported", async () => {
      const file = rescanFile(rolls, "first");
      const id = await check(file.text);
      firstUpload = id;
      const checked = await report(id);
      // Each refused rescan: the earlier line is replaced by the refused one, which says why.
      for (const roll of [rolls.unreadable, rolls.letters, rolls.count, rolls.paper, rolls.unpaid, rolls.unknown]) {
        const lines = messagesOf(checked.problems, roll);
        expect(lines, roll).toHaveLength(2);
        expect(lines[0]).toEqual([
          file.lineOf(roll, 0),
          "replaced_in_file",
          `Replaced by line ${file.lineOf(roll, 1)} (refused), so roll ${roll} has no sheet from this file`,
        ]);
        expect(lines[1]?.[0]).toBe(file.lineOf(roll, 1));
        expect(lines[1]?.[1]).not.toBe("replaced_in_file");
      }
      // The accepted rescan: the earlier line is reported as replaced by it.
      expect(messagesOf(checked.problems, rolls.accepted)).toEqual([
        [
          file.lineOf(rolls.accepted, 0),
          "replaced_in_file",
          `Replaced by line ${file.lineOf(rolls.accepted, 1)}, which has the same roll number`,
        ],
      ]);
      expect(checked.accepted).toBe(3); // accepted, kept and once
      const csv = await problemsFile(id);
      expect(csv).toContain(
        `"${file.lineOf(rolls.unreadable, 0)}","${rolls.unreadable}","replaced_in_file","Replaced by line ${file.lineOf(rolls.unreadable, 1)} (refused), so roll ${rolls.unreadable} has no sheet from this file"`,
      );
      expect(csv).toContain(`"${file.lineOf(rolls.unreadable, 1)}","${rolls.unreadable}","malformed"`);

      await store(id);
      const stored = await sheets();
      for (const roll of [rolls.unreadable, rolls.letters, rolls.count, rolls.paper, rolls.unpaid]) {
        expect(stored.has(roll), `${roll} has no sheet from this file`).toBe(false);
      }
      expect(stored.get(rolls.accepted)).toMatchObject({ total: 4000, line: file.lineOf(rolls.accepted, 1) });
      expect(stored.get(rolls.kept)).toMatchObject({ total: 5000 });
      expect(stored.get(rolls.once)).toMatchObject({ total: 3000 });
      expect([...stored.keys()].sort()).toEqual([rolls.accepted, rolls.kept, rolls.once].sort());
      // The stored report says the same.
      expect(messagesOf((await report(id)).problems, rolls.letters)).toHaveLength(2);
    });

    it("across files: a refused line keeps the earlier upload's sheet and says so; an accepted one replaces it with its code", async () => {
      const before = await sheets();
      const kept = before.get(rolls.kept);
      const once = before.get(rolls.once);
      if (!kept || !once) throw new Error("the first file stored no sheets");
      const [storedAt] = await queryRows<{ stored_at: string | Date }>(
        api.db,
        sql`select stored_at from answer_sheets where roll_number = ${rolls.kept}`,
      );
      const file = rescanFile(rolls, "second");
      const id = await check(file.text);
      const checked = await report(id);
      const keeps = `; roll ${rolls.kept} keeps the sheet stored from upload ${firstUpload} on ${dayOf(storedAt?.stored_at ?? "")}`;
      expect(messagesOf(checked.problems, rolls.kept)).toEqual([
        [
          file.lineOf(rolls.kept, 0),
          "replaced_in_file",
          `Replaced by line ${file.lineOf(rolls.kept, 1)} (refused), so roll ${rolls.kept} has no sheet from this file${keeps}`,
        ],
        [file.lineOf(rolls.kept, 1), "malformed", expect.stringContaining(keeps)],
      ]);
      // A roll number refused outright whose student has a sheet says so too.
      expect(messagesOf(checked.problems, rolls.accepted)).toEqual([
        [
          file.lineOf(rolls.accepted, 0),
          "wrong_paper",
          expect.stringMatching(
            /^99 answers for the 100 questions of L1-VIII-R; roll .* keeps the sheet stored from upload \d+ on /,
          ),
        ],
      ]);
      expect(checked).toMatchObject({ accepted: 1, replacing_stored: 1 });
      expect(await problemsFile(id)).toContain(keeps);

      await store(id);
      const after = await sheets();
      expect(after.get(rolls.kept)).toEqual(kept);
      expect(after.get(rolls.accepted)).toEqual(before.get(rolls.accepted));
      expect(after.get(rolls.once)).toMatchObject({
        total: 6000,
        upload_id: id,
        line: file.lineOf(rolls.once, 0),
        verify_code: once.verify_code,
      });
      // Stored: the report still says which sheet the refused lines left in place.
      expect(messagesOf((await report(id)).problems, rolls.kept)[1]?.[2]).toContain(keeps);
    });

    it("reports what the dry run says of any file of rescans, line for line", async () => {
      const stored = new Map(
        (
          await queryRows<{ roll: string; upload_id: number; stored_at: string | Date }>(
            api.db,
            sql`select roll_number as roll, upload_id, stored_at from answer_sheets`,
          )
        ).map((s) => [s.roll, { upload: Number(s.upload_id), day: dayOf(s.stored_at) }]),
      );
      const students = new Map<string, KnownStudent>(
        Object.values(rolls)
          .filter((roll) => roll !== rolls.unknown)
          .map((roll) => [roll, { paid: roll !== rolls.unpaid, classLevel: 8 }]),
      );
      const papers = new Map<string, KnownPaper>([["L1-VIII-R", { classLevel: 8, questionCount: 100 }]]);
      const kinds = {
        malformed: "malformed",
        unknownRolls: "unknown_roll",
        unpaid: "unpaid",
        wrongPapers: "wrong_paper",
        replacedInFile: "replaced_in_file",
      } as const;
      const line = fc.tuple(
        fc.constantFrom(...Object.values(rolls)),
        fc.constantFrom("L1-VIII-R", "L1-VIII-Q", "L1/VIII"),
        fc.constantFrom(
          Array.from({ length: 100 }, () => "A").join(","),
          Array.from({ length: 99 }, () => "A").join(","),
          [...Array.from({ length: 99 }, () => "A"), "Z"].join(","),
        ),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 12 }), async (lines) => {
          const text = lines.map((l) => l.join(",")).join("\n");
          const dry = dryRun(readSheetFile(text), students, papers, stored);
          const expected = Object.entries(kinds)
            .flatMap(([list, kind]) =>
              dry[list as keyof typeof kinds].map((p) => [p.line, p.roll ?? "", kind, p.message]),
            )
            .sort((a, b) => Number(a[0]) - Number(b[0]));
          const checked = await report(await check(text));
          expect(checked.problems.map((p) => [p.line, p.roll, p.kind, p.message])).toEqual(expected);
          expect(checked.accepted).toBe(dry.accepted.length);
          expect(checked.replacing_stored).toBe(dry.replacingStored.length);
        }),
        { numRuns: 8, endOnFailure: true },
      );
    });
  });
}
