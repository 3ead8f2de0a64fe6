import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { queryRows } from "@repo/db";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnswerSheetJobs } from "./answer-jobs";
import { startTestApi, type TestApi } from "./support";

/** A line of the default layout: roll, paper-set code, answers. */
const line = (roll: string, code: string, answers: string[]) => [roll, code, ...answers].join(",");
const allA = (right: number) => Array.from({ length: 100 }, (_, i) => (i < right ? "A" : "B"));

for (const driver of testDrivers()) {
  describe(`answer-sheet uploads on ${driver}`, () => {
    let api: TestApi;
    let paid: { id: number; roll: string }[];
    let unpaidRoll: string;
    let otherClassRoll: string;
    let finalizedSetIds: number[];
    beforeAll(async () => {
      api = await startTestApi(driver);
      const db = api.db;
      const year = Number((await queryRows<{ id: number }>(db, sql`select id from exam_years where is_active`))[0]?.id);
      finalizedSetIds = [
        await seedFinalizedPaper(db, {
          examYearId: year,
          examKind: "level1",
          classLevel: 8,
          code: "L1-VIII-U",
          sections: level1Sections(() => ["A"]),
        }),
      ];
      paid = (
        await queryRows<{ id: number; roll: string }>(
          db,
          sql`select id, roll_number as roll from students where class_level = 8 and payment_status = 'paid'
              order by id limit 3`,
        )
      ).map((s) => ({ ...s, id: Number(s.id) }));
      // An unpaid student with a roll number: paid once, refunded since.
      const [unpaid] = await queryRows<{ id: number }>(
        db,
        sql`select id from students where class_level = 8 and payment_status = 'unpaid' order by id limit 1`,
      );
      unpaidRoll = "MH08999999";
      await db.execute(sql`update students set roll_number = ${unpaidRoll} where id = ${unpaid?.id}`);
      otherClassRoll = String(
        (
          await queryRows<{ roll: string }>(
            db,
            sql`select roll_number as roll from students where class_level = 9 and payment_status = 'paid' limit 1`,
          )
        )[0]?.roll,
      );
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = () => runAnswerSheetJobs(api);
    const upload = async (text: string, username = "admin", fields: Record<string, string> = {}) => {
      const form = new FormData();
      form.append("file", new File([text], "vendor-batch-1.txt"));
      form.append("exam_level", fields.exam_level ?? "level1");
      if (fields.format) form.append("format", fields.format);
      return api.call("POST", "/api/admin-upload-txt-answersheet", {
        token: await api.login(username, "coordinator"),
        body: form,
      });
    };
    const get = async (url: string, username = "admin") =>
      api.call("GET", url, { token: await api.login(username, "coordinator") });
    const post = async (url: string, json: unknown, username = "admin") =>
      api.call("POST", url, { token: await api.login(username, "coordinator"), json });
    /**
     * The schools' tallies (result_school_tallies) next to what aggregating the stored sheets and
     * their ranks gives now: equal only if every change of the sheets rebuilt them.
     */
    const schoolTallies = async () => {
      const group = sql`exam_year_id, exam_kind, school_id, class_level, paper_set_id, zone_id, state_id, prant_id,
        district_id`;
      const tallied = await queryRows<Record<string, unknown>>(
        api.db,
        sql`select ${group}, sheets, total_sum::bigint as total_sum, highest, lowest, toppers
            from result_school_tallies order by ${group}`,
      );
      // Per class and paper set, and per school over all classes (class and paper set 0).
      const figures = sql`count(*)::int as sheets, sum(total)::bigint as total_sum, max(total) as highest,
        min(total) as lowest, (count(*) filter (where school_position <= 3))::int as toppers`;
      const sheets = sql`(select a.*, r.school_position from answer_sheets a left join result_ranks r on r.sheet_id = a.id
        where a.school_id is not null)`;
      const aggregated = await queryRows<Record<string, unknown>>(
        api.db,
        sql`select * from (
              select ${group}, ${figures} from ${sheets} s group by ${group}
              union all
              select exam_year_id, exam_kind, school_id, 0::smallint, 0, zone_id, state_id, prant_id, district_id,
                ${figures} from ${sheets} s
              group by exam_year_id, exam_kind, school_id, zone_id, state_id, prant_id, district_id
            ) t order by ${group}`,
      );
      return { tallied, aggregated };
    };

    it("checks a file without storing anything, reporting every refused line by number and reason", async () => {
      const [a, b, c] = paid;
      if (!a || !b || !c) throw new Error("the demo has too few paid class VIII students");
      const file = [
        line(a.roll, "L1-VIII-U", allA(30)),
        "garbage line",
        line("ZZ99000001", "L1-VIII-U", allA(10)),
        line(unpaidRoll, "L1-VIII-U", allA(10)),
        line(otherClassRoll, "L1-VIII-U", allA(10)),
        line(b.roll, "L1-VIII-Q", allA(10)),
        line(c.roll, "L1-VIII-U", allA(10).slice(0, 99)),
        line(b.roll, "L1-VIII-U", allA(45)),
      ].join("\n");
      const started = await upload(file);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const { upload_id: id } = started.body.data;
      await runJobs();
      const checked = await get(`/api/answer-sheet-upload/${id}`);
      expect(checked.body.data).toMatchObject({ status: "checked", current_sheets: 0, has_problems_file: true });
      const report = checked.body.data.report;
      expect(report).toMatchObject({
        lines: 8,
        accepted: 2,
        replacing_stored: 0,
        counts: { malformed: 1, unknown_roll: 1, unpaid: 1, wrong_paper: 2, replaced_in_file: 1 },
        by_paper: [{ code: "L1-VIII-U", sheets: 2 }],
      });
      expect(report.problems.map((p: { line: number; kind: string }) => [p.line, p.kind])).toEqual([
        [2, "malformed"],
        [3, "unknown_roll"],
        [4, "unpaid"],
        [5, "wrong_paper"],
        [6, "replaced_in_file"],
        [7, "wrong_paper"],
      ]);
      expect(report.problems[4].message).toBe("Replaced by line 8, which has the same roll number");
      expect(report.problems[5].message).toBe("99 answers for the 100 questions of L1-VIII-U");
      const [stored] = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from answer_sheets`);
      expect(Number(stored?.n)).toBe(0);

      const problems = await get(`/api/answer-sheet-upload/${id}/problems`);
      expect(problems.status).toBe(200);
      const csv = new TextDecoder().decode(problems.body as ArrayBuffer);
      expect(csv.split("\r\n").filter(Boolean)).toHaveLength(7);
      expect(csv).toContain('"3","ZZ99000001","unknown_roll","No student of this exam year has this roll number"');

      // Confirmed: the two accepted sheets are scored and ranked.
      const confirmed = await post(`/api/answer-sheet-upload/${id}/confirm`, {});
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
      expect((await post(`/api/answer-sheet-upload/${id}/confirm`, {})).status).toBe(409);
      await runJobs();
      const done = await get(`/api/answer-sheet-upload/${id}`);
      expect(done.body.data).toMatchObject({ status: "stored", stored_sheets: 2, current_sheets: 2 });
      const sheets = await queryRows<{ student_id: number; total: number; line: number; national_rank: number }>(
        api.db,
        sql`select a.student_id, a.total, a.line, r.national_rank from answer_sheets a
            join result_ranks r on r.sheet_id = a.id order by r.national_rank`,
      );
      expect(sheets.map((s) => [Number(s.student_id), s.total, s.line, s.national_rank])).toEqual([
        [b.id, 4500, 8, 1],
        [a.id, 3000, 1, 2],
      ]);
      const stats = await get("/api/answer-sheet-submitted-stats");
      expect(stats.body.data.levels[0]).toEqual({
        exam_level: "level1",
        sheets: 2,
        by_class: [{ class_level: 8, sheets: 2 }],
      });
    });

    it("replaces a stored sheet with a later upload's, and deleting that upload takes only its own sheets", async () => {
      const [a, b] = paid;
      if (!a || !b) throw new Error("no students");
      const started = await upload(line(a.roll, "l1-viii-u", allA(60)));
      const id = started.body.data.upload_id;
      await runJobs();
      expect((await get(`/api/answer-sheet-upload/${id}`)).body.data.report).toMatchObject({
        accepted: 1,
        replacing_stored: 1,
      });
      await post(`/api/answer-sheet-upload/${id}/confirm`, {});
      await runJobs();
      const totals = async () =>
        (
          await queryRows<{ student_id: number; total: number }>(
            api.db,
            sql`select student_id, total from answer_sheets order by student_id`,
          )
        ).map((r) => [Number(r.student_id), r.total]);
      expect(await totals()).toEqual(
        [
          [a.id, 6000],
          [b.id, 4500],
        ].sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0)),
      );
      const stored = await schoolTallies();
      // Two sheets, each counted on its class's row and on its school's row over all classes.
      expect(stored.tallied.reduce((n, row) => n + Number(row.sheets), 0)).toBe(4);
      expect(stored.tallied).toEqual(stored.aggregated);
      const preview = await get(`/api/admin-delete-answersheet-stats?upload_id=${id}`);
      expect(preview.body.data).toMatchObject({ sheets: 1, by_class: [{ class_level: 8, sheets: 1 }] });
      const deleted = await post("/api/admin-delete-answersheet", { upload_id: id });
      expect(deleted.body.data).toEqual({ sheets: 1 });
      expect(await totals()).toEqual([[b.id, 4500]]);
      const afterDelete = await schoolTallies();
      expect(afterDelete.tallied.reduce((n, row) => n + Number(row.sheets), 0)).toBe(2);
      expect(afterDelete.tallied).toEqual(afterDelete.aggregated);
      const ranks = await queryRows<{ national_rank: number }>(api.db, sql`select national_rank from result_ranks`);
      expect(ranks.map((r) => r.national_rank)).toEqual([1]);
      expect((await post("/api/admin-delete-answersheet", { upload_id: id })).status).toBe(409);
    });

    it("refuses what is not a text file, a missing level and unknown formats, naming the field", async () => {
      const pdf = await upload("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n");
      expect(pdf.status).toBe(422);
      expect(pdf.body.errors[0]).toMatchObject({ field: "file" });
      const level = await upload("MH0800000001,L1-VIII-U,A", "admin", { exam_level: "level3" });
      expect(level.status).toBe(400);
      expect(level.body.errors[0].field).toBe("exam_level");
      const format = await upload("MH0800000001,L1-VIII-U,A", "admin", { format: "xml" });
      expect(format.status).toBe(400);
      expect(format.body.errors[0].field).toBe("format");
    });

    it("checks the whole file as it streams in, and keeps nothing of a refused one", async () => {
      const stored = () =>
        existsSync(path.join(api.uploadDir, "answer-sheets"))
          ? readdirSync(path.join(api.uploadDir, "answer-sheets")).filter((f) => !f.endsWith("-problems.csv"))
          : [];
      const before = stored().length;
      const lines = `${line(paid[0]?.roll ?? "", "L1-VIII-U", allA(60))}\n`.repeat(2_000); // 400 kB
      // A NUL byte far past the first 64 kB, and a broken UTF-8 sequence at the very end.
      const nul = await upload(`${lines}MH08\u0000,L1-VIII-U,A\n`);
      expect(nul.status).toBe(422);
      expect(nul.body.errors[0]).toMatchObject({ field: "file" });
      const form = new FormData();
      form.append("file", new File([new TextEncoder().encode(lines), new Uint8Array([0xe0, 0xa4])], "cut.txt"));
      form.append("exam_level", "level1");
      const cut = await api.call("POST", "/api/admin-upload-txt-answersheet", {
        token: await api.login("admin", "coordinator"),
        body: form,
      });
      expect(cut.status).toBe(422);
      expect(cut.body.errors[0].message).toMatch(/UTF-8/);
      // Saved as "Unicode" in Notepad: named as such, not as a binary file (decision 055).
      const unicode = new FormData();
      unicode.append(
        "file",
        new File([new Uint8Array([0xff, 0xfe]), new Uint8Array(Buffer.from(lines, "utf16le"))], "unicode.txt"),
      );
      unicode.append("exam_level", "level1");
      const utf16 = await api.call("POST", "/api/admin-upload-txt-answersheet", {
        token: await api.login("admin", "coordinator"),
        body: unicode,
      });
      expect(utf16.status).toBe(422);
      expect(utf16.body.errors[0].message).toMatch(/saved as UTF-16 \("Unicode"\)/);
      // A form whose level comes after its file: the file was stored first, then dropped.
      const level = await upload(lines, "admin", { exam_level: "level3" });
      expect(level.status).toBe(400);
      // Named when one is left, so a failure says which upload kept its file.
      const left = stored();
      expect(left.length, left.join(", ")).toBe(before);
    });

    it("reads another vendor's fixed-column profile", async () => {
      const [a] = paid;
      if (!a) throw new Error("no students");
      const fixed = `${a.roll.padEnd(10)}${"L1-VIII-U".padEnd(12)}${"1".repeat(20)}${" ".repeat(80)}`;
      const started = await upload(fixed, "admin", { format: "omr-fixed" });
      await runJobs();
      const checked = await get(`/api/answer-sheet-upload/${started.body.data.upload_id}`);
      expect(checked.body.data.report, JSON.stringify(checked.body.data.report)).toMatchObject({ accepted: 1 });
    });

    it("lets only admins 3 and 6 upload, and only after typing the level's name reset a level", async () => {
      for (const username of ["zonal", "district", "lms", "school", "psadmin"]) {
        const app = username === "school" ? "school" : username === "psadmin" ? "papersetter" : "coordinator";
        const token = await api.login(username, app);
        const form = new FormData();
        form.append("file", new File(["x"], "a.txt"));
        form.append("exam_level", "level1");
        const refused = await api.call("POST", "/api/admin-upload-txt-answersheet", { token, body: form });
        expect(refused.status, username).toBe(403);
        expect((await api.call("GET", "/api/reset-exam?level=level-1", { token })).status, username).toBe(403);
      }
      const summary = await get("/api/reset-exam?level=level-1", "subadmin");
      expect(summary.body.data).toMatchObject({ exam_level: "level1", confirm: "Level 1", sheets: 1 });
      expect(summary.body.data.finalized_paper_sets).toBeGreaterThanOrEqual(1);
      const wrong = await post("/api/reset-exam", { level: "level-1", confirm: "level one" }, "subadmin");
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors[0]).toMatchObject({ field: "confirm" });
      // The level's one certificate is withdrawn: the reset names it and asks to confirm (decision 060).
      expect(summary.body.data).toMatchObject({ certificates: 1 });
      const unconfirmed = await post("/api/reset-exam", { level: "level-1", confirm: "level 1" }, "subadmin");
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.errors[0]).toMatchObject({ field: "withdraw_certificates" });
      const reset = await post(
        "/api/reset-exam",
        { level: "level-1", confirm: "level 1", withdraw_certificates: 1 },
        "subadmin",
      );
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.data).toMatchObject({ sheets: 0, uploads: 0 });
      const afterReset = await schoolTallies();
      expect(afterReset.tallied).toEqual([]);
      expect(afterReset.aggregated).toEqual([]);
      // The paper sets stay finalized, and the reset is in the activity log.
      const sets = await queryRows<{ status: string }>(
        api.db,
        sql`select status from paper_sets where id = ${finalizedSetIds[0]}`,
      );
      expect(sets[0]?.status).toBe("finalized");
      const logged = await queryRows<{ action: string }>(
        api.db,
        sql`select action from activity_log where action = 'exam.reset'`,
      );
      expect(logged).toHaveLength(1);
      // The lines a checked upload had staged went with it.
      expect(await stagedLines()).toBe(0);
    });

    const stagedLines = async () =>
      Number((await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from answer_upload_lines`))[0]?.n);

    it("scores a paper finalized after the check, reads the file again when its staged lines were lost, and keeps a student with a sheet", async () => {
      const [a, b, c] = paid;
      if (!a || !b || !c) throw new Error("no students");
      const year = Number(
        (await queryRows<{ id: number }>(api.db, sql`select id from exam_years where is_active`))[0]?.id,
      );
      // Checked while L1-VIII-LATE is still a draft: refused as a wrong paper, and not scored.
      const first = await upload(
        [line(a.roll, "L1-VIII-U", allA(10)), line(c.roll, "L1-VIII-LATE", allA(20))].join("\n"),
      );
      await runJobs();
      const firstId = first.body.data.upload_id;
      expect((await get(`/api/answer-sheet-upload/${firstId}`)).body.data.report).toMatchObject({
        accepted: 1,
        counts: { wrong_paper: 1 },
      });
      await seedFinalizedPaper(api.db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "L1-VIII-LATE",
        sections: level1Sections(() => ["A"]),
      });
      await post(`/api/answer-sheet-upload/${firstId}/confirm`, {});
      await runJobs();
      expect((await get(`/api/answer-sheet-upload/${firstId}`)).body.data).toMatchObject({
        status: "stored",
        stored_sheets: 2,
        report: { accepted: 2, counts: { wrong_paper: 0 } },
      });
      const total = async (studentId: number) =>
        (
          await queryRows<{ total: number }>(
            api.db,
            sql`select total from answer_sheets where student_id = ${studentId}`,
          )
        )[0]?.total;
      expect(await total(c.id)).toBe(2000);
      expect(await stagedLines()).toBe(0);

      // A database crash empties the unlogged staging table: storing reads the file again.
      const second = await upload(line(b.roll, "L1-VIII-U", allA(50)));
      await runJobs();
      const secondId = second.body.data.upload_id;
      expect(await stagedLines()).toBe(1);
      await api.db.execute(sql`delete from answer_upload_lines where upload_id = ${secondId}`);
      await post(`/api/answer-sheet-upload/${secondId}/confirm`, {});
      await runJobs();
      expect((await get(`/api/answer-sheet-upload/${secondId}`)).body.data).toMatchObject({
        status: "stored",
        stored_sheets: 1,
      });
      expect(await total(b.id)).toBe(5000);
      const ranks = await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from result_ranks`);
      expect(Number(ranks[0]?.n)).toBe(3);

      // The sheets have no foreign key to students; a trigger keeps their students.
      const refused = await api.db.execute(sql`delete from students where id = ${b.id}`).catch((error: Error) => error);
      expect(String((refused as Error & { cause?: Error }).cause?.message ?? refused)).toContain(
        "A student with an answer sheet cannot be deleted",
      );
      const still = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from students where id = ${b.id}`,
      );
      expect(Number(still[0]?.n)).toBe(1);
    });
  });
}
