import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CERTIFICATE_BULK_JOB } from "@repo/contracts/certificates-constants";
import { verifyPath } from "@repo/contracts/results-constants";
import { testDrivers } from "@repo/db/testing";
import { unzipSync } from "fflate";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { certificatesHtml, qrSvg } from "../src/domains/results/certificate-document";
import { bulkCertificatesJob } from "../src/domains/results/certificates";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { type CertificateFixture, seedCertificateFixture, verifyCodeOf } from "./fixtures/results-certificates";
import { startTestApi, type TestApi } from "./support";

const dir = mkdtempSync(path.join(tmpdir(), "certificates-test-"));
let files = 0;

/** A PDF's text as pdftotext reads it (spaces collapsed) and its page count. */
function pdfOf(body: ArrayBuffer | Uint8Array) {
  const file = path.join(dir, `${++files}.pdf`);
  writeFileSync(file, new Uint8Array(body));
  return {
    file,
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " "),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1]),
  };
}
// pdftotext may split a shaped Indic word at a glyph boundary: compare without spaces.
const squash = (value: string) => value.replace(/[\s\u200e\u200f\u202a-\u202e]/g, "");

const VERIFY_FIELDS = [
  "award",
  "award_name",
  "exam_year",
  "level",
  "level_name",
  "school_name",
  "status",
  "student_name",
  "withdrawn_at",
  "withdrawn_reason",
];

for (const driver of testDrivers()) {
  describe(`certificates on ${driver}`, () => {
    let api: TestApi;
    let fixture: CertificateFixture;
    const log = pino({ level: "silent" });
    /** Runs the queued bulk job with small renders, so that merging chunks is exercised. */
    const runBulk = () =>
      runNextJob(
        api.db,
        { [CERTIFICATE_BULK_JOB]: bulkCertificatesJob(api.services, { pagesPerRender: 10 }) },
        { runnerId: "certificates-test", log },
      );
    const certificate = (username: string | null, studentId: number, level = "level1") =>
      (username ? api.login(username) : Promise.resolve(undefined)).then((token) =>
        api.call("GET", `/api/certificate/${studentId}?level=${level}`, { token }),
      );

    beforeAll(async () => {
      api = await startTestApi(driver);
      fixture = await seedCertificateFixture(api.db);
    }, 120_000);
    afterAll(async () => {
      await api?.close();
    });

    it("prints a merit certificate with the name, school, class, level, year, award and the check's address", async () => {
      const aarav = fixture.own[0];
      if (!aarav) throw new Error("fixture");
      const answer = await certificate("school", aarav.id);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/pdf");
      expect(answer.headers.get("content-disposition")).toContain(`certificate-level1-${aarav.roll}-aarav-sharma.pdf`);
      const { text, pages } = pdfOf(answer.body);
      expect(pages).toBe(1);
      for (const part of [
        "Certificate of Merit",
        "Aarav Sharma",
        "Jnana Prabodhini Prashala, Pune",
        "Class VIII",
        "Level 1",
        "2026-27",
        "National Camp",
        aarav.roll,
        verifyPath(await verifyCodeOf(api.db, aarav.id)),
      ]) {
        expect(text).toContain(part);
      }
    });

    it("prints a Hindi name as written, and a participation certificate past every award's places", async () => {
      const hindi = fixture.own[1];
      const last = fixture.dubai[24];
      if (!hindi || !last) throw new Error("fixture");
      const merit = pdfOf((await certificate("school", hindi.id)).body);
      expect(squash(merit.text)).toContain("आरवशर्मा");
      // The ribbon is letter-spaced: pdftotext reads "N AT I O N A L".
      expect(squash(merit.text)).toContain("NATIONALCAMP");
      // Position 25 of class VIII in the state: no camp, not in the district's or school's top 3.
      const answer = await certificate("gccstate", last.id);
      expect(answer.status).toBe(200);
      const participation = pdfOf(answer.body);
      expect(participation.text).toContain("Certificate of Participation");
      expect(participation.text).toContain("Dubai25 Student");
      expect(participation.text).toContain("Indian High School, Dubai");
      expect(participation.text).not.toContain("Merit");
    });

    it("draws the QR code of the school app's verification address", async () => {
      const verifyUrl = (code: string) => `${api.services.config.schoolOrigin}${verifyPath(code)}`;
      const html = await certificatesHtml(
        [
          {
            studentName: "زینب فاطمہ",
            rollNumber: "MH08900002",
            schoolName: "Jnana Prabodhini Prashala, Pune",
            classLevel: 8,
            level: "level1",
            examYear: "2026-27",
            award: "state_camp",
            awardPlace: "Maharashtra",
            verifyCode: "K7M2Q9X4TB3P",
          },
        ],
        { name: "Science Exam Programme Office", verifyUrl, issuedAt: new Date("2026-12-01T00:00:00Z") },
        "",
      );
      expect(html).toContain(await qrSvg(verifyUrl("K7M2Q9X4TB3P")));
      expect(html).toContain('dir="auto"');
      expect(html).toContain("State Camp, placing among the top 20 of Class\u00a0VIII in Maharashtra");
    });

    it("lets the public check a certificate by its code: name, school, level, year and award only", async () => {
      const urdu = fixture.own[2];
      const last = fixture.dubai[24];
      if (!urdu || !last) throw new Error("fixture");
      const code = await verifyCodeOf(api.db, urdu.id);
      const answer = await api.call("GET", `/api/certificate/verify/${code}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body.data).sort()).toEqual(VERIFY_FIELDS);
      expect(answer.body.data).toEqual({
        status: "valid",
        student_name: "زینب فاطمہ",
        school_name: "Jnana Prabodhini Prashala, Pune",
        level: "level1",
        level_name: "Level 1",
        exam_year: "2026-27",
        award: "state_camp",
        award_name: "State camp",
        withdrawn_at: null,
        withdrawn_reason: null,
      });
      expect(JSON.stringify(answer.body)).not.toContain(urdu.roll);
      // Typed by hand in small letters, it is the same code.
      expect((await api.call("GET", `/api/certificate/verify/${code.toLowerCase()}`)).status).toBe(200);
      const participation = await api.call("GET", `/api/certificate/verify/${await verifyCodeOf(api.db, last.id)}`);
      expect(participation.body.data).toMatchObject({ award: null, award_name: "Participation" });
      for (const unknown of ["ZZZZZZZZZZZZ", "x", "%27%20or%201%3D1"]) {
        expect((await api.call("GET", `/api/certificate/verify/${unknown}`)).status).toBe(404);
      }
      // A mock sheet has a code but no certificate.
      const mock = await api.call(
        "GET",
        `/api/certificate/verify/${await verifyCodeOf(api.db, fixture.mockStudentId, "mock")}`,
      );
      expect(mock.status).toBe(404);
    });

    it("gives a certificate to the student's school, master institute and region, and 404 to everyone else", async () => {
      const own = fixture.own[0]?.id ?? 0;
      const dubai = fixture.dubai[0]?.id ?? 0;
      const institute = fixture.institute[0]?.id ?? 0;
      const cases: [string | null, number, number][] = [
        [null, own, 401],
        ["student", own, 403],
        ["paysupport", own, 403],
        ["school", own, 200],
        ["school", dubai, 404],
        ["school", institute, 404],
        ["institute", own, 404],
        ["masterinstitute", institute, 200],
        ["masterinstitute", own, 404],
        ["admin", dubai, 200],
        ["district", own, 200],
        ["district", dubai, 404],
        ["state", dubai, 404],
        ["gccstate", dubai, 200],
        ["gccstate", own, 404],
      ];
      const wrong: string[] = [];
      for (const [who, student, status] of cases) {
        const got = (await certificate(who, student)).status;
        if (got !== status) wrong.push(`${who ?? "anonymous"} → student ${student}: expected ${status}, got ${got}`);
      }
      expect(wrong).toEqual([]);
      // No Level 2 sheet, a mock has no certificate, an unknown student: all 404.
      expect((await certificate("school", own, "level2")).status).toBe(404);
      expect((await certificate("school", own, "mock")).status).toBe(400);
      expect((await certificate("admin", 2_000_000_000)).status).toBe(404);
    });

    it("makes a school's certificates in one PDF as a job, downloadable by whoever started it", async () => {
      const token = await api.login("school");
      const started = await api.call("POST", "/api/certificates/bulk", { token, json: { level: "level1" } });
      expect(started.status).toBe(202);
      const jobId = started.body.data.job_id;
      expect(await runBulk()).toBe(true);
      const job = await api.call("GET", `/api/jobs/${jobId}`, { token });
      expect(job.body.data).toMatchObject({
        status: "done",
        progress: { done: 5, total: 5 },
        result: { certificates: 5, output: "pdf", files: 1 },
      });
      const file = await api.call("GET", `/api/certificates/bulk/${jobId}/file`, { token });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      const pdf = pdfOf(file.body);
      expect(pdf.pages).toBe(5);
      expect(squash(pdf.text)).toContain("आरवशर्मा");
      // Someone else (even an admin) cannot download it; an unknown job is 404 too.
      expect(
        (await api.call("GET", `/api/certificates/bulk/${jobId}/file`, { token: await api.login("admin") })).status,
      ).toBe(404);
      expect((await api.call("GET", "/api/certificates/bulk/999999/file", { token })).status).toBe(404);
    });

    it("makes a region's certificates in chunks, as one PDF or a zip of one PDF per school", async () => {
      const token = await api.login("gccstate");
      const pdfJob = await api.call("POST", "/api/certificates/bulk", {
        token,
        json: { level: "level1", school_id: fixture.dubaiSchoolId, output: "pdf" },
      });
      expect(pdfJob.status).toBe(202);
      await runBulk();
      const pdf = pdfOf(
        (await api.call("GET", `/api/certificates/bulk/${pdfJob.body.data.job_id}/file`, { token })).body,
      );
      // 25 certificates printed 10 at a time and merged in order.
      expect(pdf.pages).toBe(25);
      expect(pdf.text.indexOf("Dubai01 Student")).toBeLessThan(pdf.text.indexOf("Dubai25 Student"));

      const zipJob = await api.call("POST", "/api/certificates/bulk", {
        token,
        json: { level: "level1", state_id: fixture.dubaiStateId, output: "zip" },
      });
      expect(zipJob.status).toBe(202);
      await runBulk();
      const zip = await api.call("GET", `/api/certificates/bulk/${zipJob.body.data.job_id}/file`, { token });
      expect(zip.headers.get("content-type")).toBe("application/zip");
      const entries = unzipSync(new Uint8Array(zip.body));
      expect(Object.keys(entries)).toEqual([`indian-high-school-dubai-${fixture.dubaiSchoolId}.pdf`]);
      expect(pdfOf(Object.values(entries)[0] as Uint8Array).pages).toBe(25);
    });

    it("checks what a bulk run covers before queuing it", async () => {
      const post = async (username: string, json: unknown) =>
        api.call("POST", "/api/certificates/bulk", { token: await api.login(username), json });
      // Outside the coordinator's region: 404, like a school or region that does not exist.
      expect((await post("district", { level: "level1", school_id: fixture.dubaiSchoolId })).status).toBe(404);
      expect((await post("state", { level: "level1", state_id: fixture.dubaiStateId })).status).toBe(404);
      expect((await post("school", { level: "level1", school_id: fixture.dubaiSchoolId })).status).toBe(404);
      // Admins name a scope; a school names none beyond itself; one scope at a time.
      const none = await post("admin", { level: "level1" });
      expect(none.status).toBe(422);
      expect(none.body.errors[0].field).toBe("school_id");
      expect((await post("school", { level: "level1", state_id: fixture.dubaiStateId })).status).toBe(422);
      const two = await post("admin", { level: "level1", school_id: 1, state_id: 1 });
      expect(two.status).toBe(400);
      expect(JSON.stringify(two.body.errors)).toContain("Choose one of school_id, district_id or state_id");
      expect((await post("admin", { level: "mock", school_id: fixture.schoolId })).status).toBe(400);
      // Nothing to print yet.
      const empty = await post("admin", { level: "level2", school_id: fixture.schoolId });
      expect(empty.status).toBe(422);
      expect(empty.body.message).toContain("no Level 2 answer sheets");
      // A district coordinator's run of its state holds its own district only.
      const partOfState = await post("district", { level: "level1", state_id: fixture.puneStateId });
      expect(partOfState.status).toBe(202);
      expect(partOfState.body.message).toBe(`Making ${fixture.puneDistrictSheets} certificates`);
      await runBulk();
      // A master institute's own schools.
      const institute = await post("masterinstitute", { level: "level1" });
      expect(institute.status).toBe(202);
      expect(institute.body.message).toBe("Making 1 certificate");
      await runBulk();
    });

    it("lists the school's own students with marks, rank, award and certificate code, and exports them", async () => {
      const token = await api.login("school");
      const list = await api.call("GET", "/api/school/results?per_page=100", { token });
      expect(list.status).toBe(200);
      expect(list.body.data.total).toBe(5);
      expect(
        list.body.data.items.map((r: { first_name: string; total: number; school_rank: number; award: string }) => [
          r.first_name,
          r.total,
          r.school_rank,
          r.award,
        ]),
      ).toEqual([
        ["Aarav", 96, 1, "national_camp"],
        ["आरव", 94, 2, "national_camp"],
        ["زینب", 92, 3, "state_camp"],
        ["Meera", 90, 4, "state_camp"],
        ["Rohan", 88, 5, "state_camp"],
      ]);
      expect(list.body.data.items[0].verify_code).toBe(await verifyCodeOf(api.db, fixture.own[0]?.id ?? 0));
      const search = await api.call("GET", "/api/school/results?search=kul", { token });
      expect(search.body.data.items.map((r: { last_name: string }) => r.last_name)).toEqual(["Kulkarni"]);
      const mock = await api.call("GET", "/api/school/results?level=mock", { token });
      expect(mock.body.data.items).toMatchObject([
        { first_name: "Aarav", total: 55, school_rank: null, award: null, award_name: null, verify_code: null },
      ]);
      const institute = await api.call("GET", "/api/school/results", { token: await api.login("masterinstitute") });
      expect(institute.body.data.items.map((r: { first_name: string }) => r.first_name)).toEqual(["Kavya"]);
      const notTheirs = await api.call("GET", `/api/school/results?school_id=${fixture.schoolId}`, {
        token: await api.login("masterinstitute"),
      });
      expect(notTheirs.status).toBe(404);
      expect((await api.call("GET", "/api/school/results", { token: await api.login("admin") })).status).toBe(403);
      expect((await api.call("GET", "/api/school/results?level=level3", { token })).status).toBe(400);

      const csv = await api.call("POST", "/api/export/own-school-results?format=csv", {
        token,
        json: { level: "level1" },
      });
      expect(csv.status).toBe(200);
      const text = new TextDecoder().decode(csv.body);
      expect(text).toContain("Roll number,First name,Last name,Class,School,Level,Total marks,School rank,Award");
      expect(text).toContain(
        `${fixture.own[0]?.roll},Aarav,Sharma,VIII,"Jnana Prabodhini Prashala, Pune",Level 1,96,1,National camp`,
      );
      expect(text.trim().split("\n")).toHaveLength(6);
    });
  });
}
