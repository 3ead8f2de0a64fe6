import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dateFormats } from "@repo/contracts/locale";
import { ADMIT_CARD_MESSAGES, REPORTING_MINUTES } from "@repo/contracts/student-area-constants";
import { WORDS } from "@repo/contracts/student-words";
import { queryRows } from "@repo/db";
import { mailMessages } from "@repo/db/schema";
import { level1Sections, seedFinalizedPaper } from "@repo/db/seed/results";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankLevel, recordedUpload, storeSheets } from "../src/domains/results/store";
import { startTestApi, type TestApi } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "student-area-test-"));
let files = 0;
/** A PDF's text as pdftotext reads it, without spaces (a shaped Indic word may be split at a glyph). */
function pdfText(body: ArrayBuffer): string {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, new Uint8Array(body));
  return execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/[\s\u200e\u200f\u202a-\u202e]/g, "");
}
const squash = (text: string) => text.replace(/\s/g, "");

const ROUTES = [
  "/api/student/me",
  "/api/student/results",
  "/api/student/results/level1/explained",
  "/api/student/certificate/level1",
  "/api/student/admit-card/level1",
];

/**
 * The student area over HTTP (issue 16): an individual student registers, reads its own area
 * unpaid (no admit card, and why), pays through the demo gateway (its receipt), downloads its
 * admit card, and after results its explained score and certificate; nothing of any other student.
 */
for (const driver of testDrivers()) {
  describe(`the student area on ${driver}`, () => {
    let api: TestApi;
    let token: string;
    let studentId: number;
    let schoolOrderId: number;
    const get = (url: string, as = token) => api.call("GET", url, { token: as });

    beforeAll(async () => {
      api = await startTestApi(driver);
      const [school] = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.school_id = sc.id where u.username = 'school'`,
      );
      const email = `ira-area-${driver}@example.org`;
      const registered = await api.call("POST", "/api/sif/register/student", {
        json: {
          first_name: "इरा",
          last_name: "कुलकर्णी",
          class_level: 9,
          language: "hi",
          gender: "female",
          date_of_birth: "2012-02-10",
          parent_name: "Sunita Kulkarni",
          phone: "9744001199",
          email,
          school_id: Number(school?.id),
        },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const [mail] = await api.db.select().from(mailMessages).where(eq(mailMessages.toAddress, email));
      const password = (mail?.variables as Record<string, string> | undefined)?.password;
      const login = await api.call("POST", "/api/login", {
        json: { username: registered.body.data.username, password, app: "school" },
      });
      token = login.body.data.token;
      const [own] = await queryRows<{ student_id: number }>(
        api.db,
        sql`select student_id from users where username = ${registered.body.data.username}`,
      );
      studentId = Number(own?.student_id);
      // The demo school's paid order holds the demo student (role 1 `student`), paid by its school.
      const [order] = await queryRows<{ id: number }>(
        api.db,
        sql`select o.id from payment_orders o join users u on u.id = o.payer_user_id where u.username = 'school'
            and o.status = 'paid' limit 1`,
      );
      schoolOrderId = Number(order?.id);
    }, 120_000);
    afterAll(async () => {
      await api?.close();
    });

    it("seeds the demo season as one timeline: paid, exams, results, then the dates ahead (issue 35 item 9)", async () => {
      const [seeded] = await queryRows<Record<string, string>>(
        api.db,
        sql`select
          (select to_char(min(start_date), 'YYYY-MM-DD') from important_dates where title = 'School registration opens') as opens,
          (select to_char(max(end_date), 'YYYY-MM-DD') from important_dates where title = 'School registration opens') as closes,
          (select to_char(min(paid_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') from payment_orders where status = 'paid') as paid,
          (select to_char(min(starts_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') from exam_schedules where exam_kind = 'mock') as mock,
          (select to_char(min(starts_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') from exam_schedules where exam_kind = 'level1') as level1,
          (select to_char(max(starts_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') from exam_schedules where exam_kind = 'level1') as level1_last,
          (select to_char(min(start_date), 'YYYY-MM-DD') from important_dates where title = 'Level I exam') as level1_date,
          (select to_char(min(start_date), 'YYYY-MM-DD') from important_dates where title = 'Level II exam') as level2_date,
          (select to_char(min(start_date), 'YYYY-MM-DD') from important_dates where start_date > (select max(start_date) from important_dates where title = 'Level II exam')) as ahead`,
      );
      const s = seeded ?? {};
      expect(s.level1_date).toBe(s.level1);
      expect(s.level1_last).toBe(s.level1);
      const order = [s.opens, s.paid, s.closes, s.mock, s.level1, s.level2_date, s.ahead];
      expect(order.every(Boolean), JSON.stringify(s)).toBe(true);
      expect([...order].sort(), JSON.stringify(s)).toEqual(order);
      expect(new Set(order).size, JSON.stringify(s)).toBe(order.length);
    });

    it("shows an unpaid student its card and the next step, and refuses its admit card saying why", async () => {
      const me = await get("/api/student/me");
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body.data.student).toMatchObject({
        id: studentId,
        first_name: "इरा",
        last_name: "कुलकर्णी",
        school_name: "Jnana Prabodhini Prashala, Pune",
        school_listed: true,
        class_level: 9,
        language: "hi",
        roll_number: null,
        source: "sif",
      });
      expect(me.body.data.payment).toEqual({ status: "unpaid", paid_at: null, open_order_id: null, receipt: null });
      expect(me.body.data.timeline.next).toBe("paid");
      // The demo schedules Level 1 and the mock for every class; Level 2 waits for Level 1's selection.
      expect(me.body.data.exams.map((e: { level: string }) => e.level)).toEqual(["mock", "level1"]);
      const level1 = me.body.data.exams[1];
      // 10:00 India time on the demo season's Level 1 day (packages/db/src/seed/season.ts).
      expect(level1.schedule).toMatchObject({
        starts_at: expect.stringMatching(/T04:30:00.000Z$/),
        duration_minutes: 90,
      });
      expect(level1.admit_card).toEqual({ available: false, reason: "unpaid" });
      expect(me.body.data.exams[0].admit_card).toBeNull();

      const card = await get("/api/student/admit-card/level1");
      expect(card.status).toBe(409);
      expect(card.body.message).toBe(ADMIT_CARD_MESSAGES.unpaid("Level 1"));
      expect((await get("/api/student/admit-card/mock")).status).toBe(400);
      const explained = await get("/api/student/results/level1/explained");
      expect(explained.status).toBe(404);
      expect(explained.body.message).toBe("You have no Level 1 result yet.");
      expect((await get("/api/student/certificate/level1")).status).toBe(404);
      expect((await get("/api/student/results")).body.data).toEqual([]);
    });

    it("pays through the demo gateway, gets its receipt, a roll number and its admit card", async () => {
      const order = await api.call("POST", "/api/pay-my-fee/create-payment", { token });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      const orderId = order.body.data.order_id;
      const waiting = await get("/api/student/me");
      expect(waiting.body.data.payment).toMatchObject({ status: "pending", open_order_id: orderId, receipt: null });
      expect(waiting.body.data.exams[1].admit_card.reason).toBe("pending");
      const paid = await api.call("POST", `/api/payments/demo/checkout/${orderId}`, {
        token,
        json: { outcome: "pay" },
      });
      expect(paid.body.data.status).toBe("paid");

      const me = await get("/api/student/me");
      const roll = me.body.data.student.roll_number as string;
      expect(roll).toMatch(/^\d{2}09\d{6}$/);
      expect(me.body.data.payment).toMatchObject({
        status: "paid",
        open_order_id: null,
        receipt: { order_id: orderId, invoice_number: expect.stringMatching(/^2026-27\/\d{6}$/) },
      });
      // The demo season's Level 1 is behind it (seed/season.ts): its result is what it waits for now.
      expect(me.body.data.timeline.next).toBe("result");
      expect(me.body.data.exams[1].admit_card).toEqual({ available: true, reason: null });
      const receipt = await get(`/api/generate-school-payment-invoice?order_id=${orderId}`);
      expect(receipt.status).toBe(200);
      expect(pdfText(receipt.body)).toContain(me.body.data.payment.receipt.invoice_number);

      const card = await get("/api/student/admit-card/level1");
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      expect(card.headers.get("content-type")).toBe("application/pdf");
      expect(card.headers.get("content-disposition")).toContain(`admit-card-level1-${roll}.pdf`);
      // A Hindi student's card is in Hindi (issue 35 item 1); its name, roll number and centre as entered.
      const text = pdfText(card.body);
      const hindi = WORDS.hi;
      for (const part of [
        hindi.admitCard,
        hindi.levels.level1,
        roll,
        "इराकुलकर्णी",
        `${hindi.class}IX`,
        `${hindi.examLanguage}हिन्दी`,
        "JnanaPrabodhiniPrashala,Pune",
        dateFormats("hi").date(me.body.data.exams[1].schedule.starts_at),
        "10:00",
        hindi.card.reportBy,
        hindi.card.rules.arrive.replace("{minutes}", String(REPORTING_MINUTES)),
        hindi.card.studentSignature,
      ]) {
        expect(text).toContain(squash(part));
      }
      for (const english of ["Admit card", "Be at the centre by", "Rules", "signature"]) {
        expect(text).not.toContain(squash(english));
      }
      // Level 2 is for the students Level 1 selects: none yet.
      const level2 = await get("/api/student/admit-card/level2");
      expect(level2.status).toBe(409);
      expect(level2.body.message).toBe(ADMIT_CARD_MESSAGES.not_selected("Level 2"));
    });

    it("after results shows the explained score, the ranks, Level 2 and the certificate", async () => {
      const [year] = await queryRows<{ id: number }>(api.db, sql`select id from exam_years where is_active`);
      const examYearId = Number(year?.id);
      const paperSetId = await seedFinalizedPaper(api.db, {
        examYearId,
        examKind: "level1",
        classLevel: 9,
        code: "AREA-L1-IX",
        sections: level1Sections(() => ["A"]),
      });
      const [me0] = await queryRows<{ roll_number: string }>(
        api.db,
        sql`select roll_number from students where id = ${studentId}`,
      );
      const uploadId = await recordedUpload(api.db, { examYearId, examKind: "level1", fileName: "area-test.txt" });
      // 30 right in Section A (of 40), 40 right in Section B: 70 marks.
      const answers = Array.from({ length: 100 }, (_, i) => (i < 30 || (i >= 40 && i < 80) ? "A" : i < 35 ? "B" : ""));
      await storeSheets(api.db, {
        examYearId,
        examKind: "level1",
        uploadId,
        sheets: [{ studentId, rollNumber: String(me0?.roll_number), paperSetId, line: 1, answers }],
      });
      await rankLevel(api.db, examYearId, "level1");

      const explained = await get("/api/student/results/level1/explained");
      expect(explained.status, JSON.stringify(explained.body)).toBe(200);
      expect(explained.body.data).toMatchObject({
        level: "level1",
        total: 70,
        full_marks: 100,
        right: 70,
        wrong: 5,
        blank: 25,
        student: { id: studentId, roll_number: me0?.roll_number },
      });
      expect(explained.body.data.questions[0]).toEqual({
        number: 1,
        section: "A",
        marked: "A",
        key: "A",
        outcome: "right",
        marks: 1,
      });
      expect(explained.body.data.questions[30]).toMatchObject({ marked: "B", key: "A", outcome: "wrong", marks: 0 });
      // Alone in its class and state: first everywhere, so the national camp (and Level 2).
      expect(explained.body.data.ranks).toMatchObject({ state_rank: 1, national_rank: 1 });

      const me = await get("/api/student/me");
      expect(me.body.data.timeline.next).toBe("certificate");
      expect(me.body.data.exams.map((e: { level: string }) => e.level)).toEqual(["mock", "level1", "level2"]);
      expect(me.body.data.exams[1].result).toMatchObject({
        total: 70,
        full_marks: 100,
        certificate: true,
        ranks: { state: 1, national: 1 },
        awards: expect.arrayContaining([{ code: "national_camp", name: "National camp" }]),
      });
      expect(me.body.data.exams[2]).toMatchObject({ schedule: null, admit_card: { reason: "not_scheduled" } });
      const summaries = await get("/api/student/results");
      expect(summaries.body.data.map((r: { level: string }) => r.level)).toEqual(["level1"]);

      const certificate = await get("/api/student/certificate/level1");
      expect(certificate.status).toBe(200);
      expect(certificate.headers.get("content-type")).toBe("application/pdf");
      const text = pdfText(certificate.body);
      expect(text).toContain("इराकुलकर्णी");
      expect(text).toContain(String(me0?.roll_number));
      expect((await get("/api/student/certificate/level2")).status).toBe(404);
      expect((await get("/api/student/certificate/mock")).status).toBe(400);

      // Once Level 2 has a date for class IX, the selected student's Level 2 admit card opens.
      await api.db.execute(sql`insert into exam_schedules (exam_year_id, exam_kind, class_level, starts_at, duration_minutes)
        values (${examYearId}, 'level2', 9, '2027-03-07T04:30:00Z', 45)`);
      const level2 = await get("/api/student/admit-card/level2");
      expect(level2.status).toBe(200);
      expect(pdfText(level2.body)).toContain(squash(WORDS.hi.levels.level2));
    });

    it("answers every student its own area only: no request can name another student", async () => {
      const demo = await api.login("student");
      const [demoStudent] = await queryRows<{ id: number }>(
        api.db,
        sql`select student_id as id from users where username = 'student'`,
      );
      // An id in the query is no part of the request: each reads itself.
      for (const [who, id] of [
        [token, studentId],
        [demo, Number(demoStudent?.id)],
      ] as const) {
        const other = who === token ? Number(demoStudent?.id) : studentId;
        const me = await get(`/api/student/me?student_id=${other}&id=${other}`, who);
        expect(me.body.data.student.id).toBe(id);
        const results = await get(`/api/student/results?student_id=${other}`, who);
        expect(results.status).toBe(200);
      }
      // The demo student has no result, whatever the other student has.
      expect((await get("/api/student/results/level1/explained?student_id=1", demo)).status).toBe(404);
      expect((await get(`/api/student/results/level1/explained?student_id=${studentId}`, demo)).status).toBe(404);
      expect((await get("/api/student/certificate/level1", demo)).status).toBe(404);
      // Its school paid for it: no receipt of its own, and the school's invoice (which names it) is not its to open.
      const demoMe = await get("/api/student/me", demo);
      expect(demoMe.body.data.payment).toMatchObject({ status: "paid", receipt: null });
      expect((await get(`/api/generate-school-payment-invoice?order_id=${schoolOrderId}`, demo)).status).toBe(404);
      expect((await get(`/api/payments/orders/${schoolOrderId}`, demo)).status).toBe(404);
      // The other roles' student routes are closed to a student whatever the id.
      for (const url of [
        `/api/certificate/${studentId}?level=level1`,
        `/api/student-result/${studentId}?level=level1`,
        `/api/students/detail/${studentId}`,
      ]) {
        expect((await get(url, demo)).status, url).toBe(403);
      }
    });

    it("is the student's alone: other roles are forbidden, nobody signed in is asked to sign in", async () => {
      for (const url of ROUTES) {
        expect((await api.call("GET", url)).status, url).toBe(401);
        for (const username of ["school", "institute", "masterinstitute"]) {
          expect((await get(url, await api.login(username))).status, `${username} ${url}`).toBe(403);
        }
        for (const username of ["admin", "paysupport", "district"]) {
          expect((await get(url, await api.login(username, "coordinator"))).status, `${username} ${url}`).toBe(403);
        }
        expect((await get(url, await api.login("psadmin", "papersetter"))).status, `psadmin ${url}`).toBe(403);
      }
    });
  });
}
