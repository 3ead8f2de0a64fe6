import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LANGUAGES, type LanguageCode } from "@repo/contracts/languages";
import { ADMIT_CARDS_BULK_JOB, ADMIT_CARDS_LIMITS, SLIP_MESSAGES } from "@repo/contracts/school-printouts-constants";
import { LEVEL2_AWARDS, REPORTING_MINUTES } from "@repo/contracts/student-area-constants";
import { WORDS } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AWARD_SQL } from "../src/domains/results/certificates";
import { admitCardsJob } from "../src/domains/schools/printouts/admit-cards";
import { sweep } from "../src/housekeeping";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { seedCertificateFixture } from "./fixtures/results-certificates";
import { DEMO_PASSWORD, startTestApi, type TestApi } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "school-printouts-test-"));
let files = 0;
/** Each page's text as pdftotext reads it, without spaces (a shaped Indic word may be split at a glyph). */
function pdfPages(body: ArrayBuffer): string[] {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, new Uint8Array(body));
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    .split("\f")
    .slice(0, -1)
    .map((page) => page.replace(/[\s\u200e\u200f\u202a-\u202e]/g, ""));
}
const pageCount = async (body: ArrayBuffer) => (await PDFDocument.load(body)).getPageCount();

/**
 * A text as compared with pdftotext's: no spaces, no Arabic vowel marks, no nūn (pdftotext reads an
 * Urdu word's final nūn and its marks onto another line, as its glyphs sit below the word's).
 */
const plain = (text: string) => text.replace(/[\s\u064b-\u065f\u0646]/g, "");
/** Whether a page carries a text; English headings print in capitals (CSS). */
const carries = (page: string, text: string) => plain(page).toUpperCase().includes(plain(text).toUpperCase());
/** A card's words that show its language: the dictionary's, its own language's name, the rules. */
function cardWords(language: string, rollNumber: string): string[] {
  const words = WORDS[language as LanguageCode];
  return [
    words.admitCard,
    words.rollNumber,
    rollNumber,
    LANGUAGES.find((l) => l.code === language)?.native ?? language,
    words.card.rulesTitle,
    fill(words.card.rules.arrive, { minutes: REPORTING_MINUTES }),
    words.card.invigilatorSignature,
    fill(words.card.footer, { rollNumber }),
  ];
}
const escapeRegExp = (text: string) => text.replace(/\s/g, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const squash = (text: string) => text.replace(/\s/g, "");
/** How many slips a text holds: each prints "One-time password" in its student's language. */
const slipsIn = (text: string) =>
  text.match(
    new RegExp(
      Object.values(WORDS)
        .map((words) => escapeRegExp(words.slip.password))
        .join("|"),
      "g",
    ),
  )?.length ?? 0;
/** The username and one-time password printed on a slip in a language's words. */
function slipOf(page: string, language = "en") {
  const words = WORDS[language as LanguageCode].slip;
  const [username, password, note] = [words.username, words.password, words.note.slice(0, 12)].map((text) =>
    escapeRegExp(plain(text)),
  );
  const found = new RegExp(`${username}(.+?)${password}(.+?)${note}`).exec(plain(page));
  return { username: found?.[1] ?? "", password: found?.[2] ?? "" };
}

/**
 * A school's printouts for students without e-mail (issue 35 item 1, decision 050): its paid
 * students' admit cards in one PDF through a job, and sign-in slips with a one-time password.
 */
for (const driver of testDrivers()) {
  describe(`school printouts on ${driver}`, () => {
    let api: TestApi;
    let schoolId: number;
    const log = pino({ level: "silent" });
    const runJob = () =>
      runNextJob(
        api.db,
        { [ADMIT_CARDS_BULK_JOB]: admitCardsJob(api.services, { cardsPerRender: 3 }) },
        {
          runnerId: "printouts-test",
          log,
        },
      );
    const as = async (username: string) => api.login(username);

    /** The school's own students (not individual ones) of this year, by payment. */
    const students = (where = sql`true`) =>
      queryRows<{
        id: number;
        roll_number: string | null;
        language: string;
        class_level: number;
        payment_status: string;
      }>(
        api.db,
        sql`select s.id, s.roll_number, s.language, s.class_level, s.payment_status from students s
            join exam_years y on y.id = s.exam_year_id and y.is_active
            where s.school_id = ${schoolId} and s.source <> 'sif' and ${where}
            order by s.class_level, s.roll_number nulls last, s.id`,
      );

    beforeAll(async () => {
      api = await startTestApi(driver);
      const [school] = await queryRows<{ school_id: number }>(
        api.db,
        sql`select school_id from users where username = 'school'`,
      );
      schoolId = Number(school?.school_id);
      // Exam languages as a real school has them: some Hindi, Tamil and Urdu among the paid students.
      const paid = await students(sql`s.payment_status = 'paid'`);
      expect(paid.length).toBeGreaterThan(3);
      await api.db.execute(sql`update students set language = 'hi' where id = ${paid[0]?.id}`);
      await api.db.execute(sql`update students set language = 'ta' where id = ${paid[1]?.id}`);
      await api.db.execute(sql`update students set language = 'ur' where id = ${paid[2]?.id}`);
    }, 120_000);
    afterAll(async () => {
      await api?.close();
    });

    it("prints one admit card per page for the school's paid students only, each in its exam language", async () => {
      const token = await as("school");
      const paid = await students(sql`s.payment_status = 'paid'`);
      const unpaid = await students(sql`s.payment_status = 'unpaid'`);
      const summary = await api.call("GET", "/api/school/admit-cards?level=level1", { token });
      expect(summary.status, JSON.stringify(summary.body)).toBe(200);
      expect(summary.body.data).toMatchObject({ level: "level1", school_id: schoolId, cards: paid.length });
      expect(summary.body.data.left_out).toContainEqual({
        reason: "unpaid",
        students: unpaid.length,
        message: expect.stringContaining(`${unpaid.length} student`),
      });

      const started = await api.call("POST", "/api/school/admit-cards", { token, json: { level: "level1" } });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      expect(started.body.message).toContain(`(${unpaid.length} student`);
      const jobId = started.body.data.job_id;
      await runJob();
      const job = await api.call("GET", `/api/jobs/${jobId}`, { token });
      expect(job.body.data, JSON.stringify(job.body.data)).toMatchObject({
        status: "done",
        result: { cards: paid.length },
      });
      const file = await api.call("GET", `/api/school/admit-cards/${jobId}/file`, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(await pageCount(file.body)).toBe(paid.length);
      const pages = pdfPages(file.body);
      expect(pages).toHaveLength(paid.length);
      // Each card in its student's exam language (issue 35 item 1), and no other language's words.
      paid.forEach((student, index) => {
        const page = pages[index] ?? "";
        for (const text of cardWords(student.language, student.roll_number ?? "")) {
          expect(carries(page, text), `${student.language} card: ${text}`).toBe(true);
        }
        const others = student.language === "en" ? ["hi", "ur"] : ["en"];
        for (const other of others) {
          expect(carries(page, WORDS[other as LanguageCode].card.rulesTitle), `${student.language}: ${other}`).toBe(
            false,
          );
        }
      });
      expect(paid.map((student) => student.language)).toEqual(expect.arrayContaining(["en", "hi", "ta", "ur"]));
      // No unpaid student's card, and nobody else may download the file.
      for (const student of unpaid) {
        if (student.roll_number) expect(pages.join("")).not.toContain(student.roll_number);
      }
      const other = await api.call("GET", `/api/school/admit-cards/${jobId}/file`, { token: await as("institute") });
      expect(other.status).toBe(404);
    });

    it("narrows a run to one class", async () => {
      const token = await as("school");
      const paid = await students(sql`s.payment_status = 'paid'`);
      const classLevel = Number(paid[0]?.class_level);
      const inClass = paid.filter((student) => student.class_level === classLevel);
      const started = await api.call("POST", "/api/school/admit-cards", {
        token,
        json: { level: "level1", class_level: classLevel },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJob();
      const file = await api.call("GET", `/api/school/admit-cards/${started.body.data.job_id}/file`, { token });
      expect(await pageCount(file.body)).toBe(inClass.length);
      expect(file.headers.get("content-disposition")).toContain(`class-${classLevel}.pdf`);
      const bad = await api.call("GET", "/api/school/admit-cards?class_level=13", { token });
      expect(bad.status).toBe(400);
    });

    it("removes a run's file after its days, and a late download says so", async () => {
      const token = await as("school");
      const started = await api.call("POST", "/api/school/admit-cards", { token, json: { level: "level1" } });
      await runJob();
      const url = `/api/school/admit-cards/${started.body.data.job_id}/file`;
      expect((await api.call("GET", url, { token })).status).toBe(200);
      const later = new Date(Date.now() + (ADMIT_CARDS_LIMITS.fileDays + 1) * 86_400_000);
      expect((await sweep(api.services, later)).admit_card_files).toBeGreaterThanOrEqual(1);
      const gone = await api.call("GET", url, { token });
      expect(gone.status).toBe(410);
      expect(gone.body.message).toContain("Make the admit cards again");
    });

    it("prints Level 2 only for the students Level 1 selected, and says so when there are none", async () => {
      const token = await as("school");
      const summary = await api.call("GET", "/api/school/admit-cards?level=level2", { token });
      expect(summary.body.data.cards).toBe(0);
      expect(summary.body.data.left_out.map((l: { reason: string }) => l.reason)).toContain("not_selected");
      const refused = await api.call("POST", "/api/school/admit-cards", { token, json: { level: "level2" } });
      expect(refused.status).toBe(422);
      expect(refused.body.message).toContain("not selected by Level 1 for Level 2");
    });

    it("lets a master institute print for each of its schools, and no one else", async () => {
      const institute = await as("masterinstitute");
      const [own] = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.master_institute_id = sc.master_institute_id
            where u.username = 'masterinstitute' order by sc.id limit 1`,
      );
      const mine = await api.call("GET", `/api/school/admit-cards?school_id=${own?.id}`, { token: institute });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      const none = await api.call("GET", "/api/school/admit-cards", { token: institute });
      expect(none.status).toBe(422);
      expect(none.body.errors?.[0]?.field ?? none.body.message).toBeTruthy();
      expect(
        (await api.call("GET", `/api/school/admit-cards?school_id=${schoolId}`, { token: institute })).status,
      ).toBe(404);
      // Another school naming this one, and roles without the right.
      const school = await as("school");
      expect((await api.call("GET", `/api/school/admit-cards?school_id=${own?.id}`, { token: school })).status).toBe(
        404,
      );
      for (const username of ["admin", "gccstate", "student"]) {
        const token = await as(username);
        expect((await api.call("GET", "/api/school/admit-cards", { token })).status, username).toBe(403);
        expect(
          (await api.call("POST", "/api/school/sign-in-slips", { token, json: { class_level: 8 } })).status,
          username,
        ).toBe(403);
      }
      expect((await api.call("GET", "/api/school/admit-cards")).status).toBe(401);
    });

    it("prints a student's slip whose password works once and must be changed; its sessions end; logged", async () => {
      const token = await as("school");
      // A student without e-mail or sign-in yet: the slip makes its account, named by its roll number.
      const [student] = await students(
        sql`s.payment_status = 'paid' and not exists (select 1 from users u where u.student_id = s.id)`,
      );
      // The student reads its slip in its exam language; the address, username and password as they are.
      await api.db.execute(sql`update students set language = 'hi' where id = ${student?.id}`);
      const slip = await api.call("POST", `/api/school/students/${student?.id}/sign-in-slip`, { token });
      expect(slip.status, JSON.stringify(slip.body)).toBe(200);
      expect(await pageCount(slip.body)).toBe(1);
      const [page = ""] = pdfPages(slip.body);
      expect(page).toContain("/login");
      for (const text of [WORDS.hi.slip.title, WORDS.hi.slip.signInAt, WORDS.hi.slip.note]) {
        expect(carries(page, text), text).toBe(true);
      }
      expect(page).not.toContain("One-timepassword");
      const { username, password } = slipOf(page, "hi");
      expect(username).toBe(student?.roll_number);
      expect(password.length).toBeGreaterThanOrEqual(10);

      const login = await api.call("POST", "/api/login", { json: { username, password, app: "school" } });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const studentToken = login.body.data.token;
      // Until it chooses its own password, nothing but its profile opens.
      const me = await api.call("GET", "/api/student/me", { token: studentToken });
      expect(me.status).toBe(403);
      const changed = await api.call("POST", "/api/change-password", {
        token: studentToken,
        json: { old_password: password, new_password: "Own#Pass2026", confirm_password: "Own#Pass2026" },
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect((await api.call("GET", "/api/student/me", { token: studentToken })).status).toBe(200);
      // The slip's password is spent.
      const again = await api.call("POST", "/api/login", { json: { username, password, app: "school" } });
      expect(again.status).toBe(401);

      // A new slip ends the student's sessions at once; an Urdu student's slip is in Urdu.
      await api.db.execute(sql`update students set language = 'ur' where id = ${student?.id}`);
      const second = await api.call("POST", `/api/school/students/${student?.id}/sign-in-slip`, { token });
      expect(second.status).toBe(200);
      const [urdu = ""] = pdfPages(second.body);
      for (const text of [WORDS.ur.slip.title, WORDS.ur.slip.signInAt, WORDS.ur.slip.username, WORDS.ur.slip.note]) {
        expect(carries(urdu, text), text).toBe(true);
      }
      expect(urdu).toContain(`${student?.roll_number}`);
      expect(carries(urdu, WORDS.hi.slip.note)).toBe(false);
      expect((await api.call("GET", "/api/student/me", { token: studentToken })).status).toBe(401);
      const logged = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from activity_log where action = 'student.signInSlip' and entity_id = ${student?.id}`,
      );
      expect(logged[0]?.n).toBe(2);
      // Another school's student is not found; so is a student of no one's.
      const other = await api.call("POST", `/api/school/students/${student?.id}/sign-in-slip`, {
        token: await as("institute"),
      });
      expect(other.status).toBe(404);
    });

    it("prints a class's slips for the students who never signed in, and the others only when confirmed", async () => {
      const token = await as("school");
      // The demo student has signed in (another test above) with its own password.
      const [signedIn] = await students(sql`s.id = (select student_id from users where username = 'student')`);
      await api.login("student");
      expect(signedIn).toBeDefined();
      const classLevel = Number(signedIn?.class_level);
      const inClass = await students(sql`s.class_level = ${classLevel}`);
      const used = await students(
        sql`s.class_level = ${classLevel} and exists (select 1 from users u where u.student_id = s.id and u.last_login_at is not null)`,
      );
      const preview = await api.call("GET", `/api/school/sign-in-slips?class_level=${classLevel}`, { token });
      expect(preview.body.data).toMatchObject({
        never_signed_in: inClass.length - used.length,
        signed_in: used.length,
      });

      const slips = await api.call("POST", "/api/school/sign-in-slips", { token, json: { class_level: classLevel } });
      expect(slips.status, JSON.stringify(slips.body)).toBe(200);
      const pages = pdfPages(slips.body);
      const printed = pages.join("");
      expect(await pageCount(slips.body)).toBe(Math.ceil((inClass.length - used.length) / 4));
      expect(slipsIn(printed)).toBe(inClass.length - used.length);
      expect(printed).not.toContain(`${squash(WORDS[signedIn?.language as LanguageCode].slip.username)}student`);
      // Its password still works: the run did not lock it out.
      const stillMine = await api.call("POST", "/api/login", {
        json: { username: "student", password: DEMO_PASSWORD, app: "school" },
      });
      expect(stillMine.status).toBe(200);

      const unconfirmed = await api.call("POST", "/api/school/sign-in-slips", {
        token,
        json: { class_level: classLevel, audience: "all" },
      });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.body.errors).toContainEqual({ field: "confirm", message: SLIP_MESSAGES.confirmAll });
      const confirmed = await api.call("POST", "/api/school/sign-in-slips", {
        token,
        json: { class_level: classLevel, audience: "all", confirm: true },
      });
      expect(confirmed.status).toBe(200);
      expect(pdfPages(confirmed.body).join("")).toContain(
        `${squash(WORDS[signedIn?.language as LanguageCode].slip.username)}student`,
      );
    });

    it("changes nobody's password when the slips cannot be printed", async () => {
      const token = await as("school");
      const [student] = await students(sql`not exists (select 1 from users u where u.student_id = s.id)`);
      const render = api.services.pdf.render;
      api.services.pdf.render = () => Promise.reject(new Error("Chromium is gone"));
      try {
        const failed = await api.call("POST", `/api/school/students/${student?.id}/sign-in-slip`, { token });
        expect(failed.status).toBeGreaterThanOrEqual(500);
      } finally {
        api.services.pdf.render = render;
      }
      const [account] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from users where student_id = ${student?.id}`,
      );
      expect(account?.n).toBe(0);
    });

    it("prints Level 2 cards for exactly the students Level 1 selected, once Level 2 has a date", async () => {
      // Last: the fixture adds ranked class VIII students to the demo school.
      const fixture = await seedCertificateFixture(api.db);
      await api.db.execute(
        sql`insert into exam_schedules (exam_year_id, exam_kind, class_level, starts_at, duration_minutes)
            values (${fixture.examYearId}, 'level2', 8, '2027-02-07T04:30:00Z', 120)`,
      );
      const selected = await queryRows<{ roll_number: string; language: string }>(
        api.db,
        sql`select a.roll_number, s.language from answer_sheets a join result_ranks r on r.sheet_id = a.id
              join students s on s.roll_number = a.roll_number
            where a.school_id = ${schoolId} and a.exam_kind = 'level1' and a.class_level = 8
              and (${AWARD_SQL}) in (${sql.join(
                LEVEL2_AWARDS.map((code) => sql`${code}`),
                sql`, `,
              )})
            order by a.roll_number`,
      );
      expect(selected.length).toBeGreaterThan(0);
      const token = await as("school");
      const started = await api.call("POST", "/api/school/admit-cards", {
        token,
        json: { level: "level2", class_level: 8 },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJob();
      const file = await api.call("GET", `/api/school/admit-cards/${started.body.data.job_id}/file`, { token });
      const pages = pdfPages(file.body);
      expect(pages).toHaveLength(selected.length);
      selected.forEach(({ roll_number, language }, index) => {
        const words = WORDS[language as LanguageCode];
        expect(carries(pages[index] ?? "", `${words.rollNumber}${roll_number}`), roll_number).toBe(true);
        expect(carries(pages[index] ?? "", words.levels.level2), roll_number).toBe(true);
      });
    });
  });
}
