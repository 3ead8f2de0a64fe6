import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnswerSheetJobs } from "./answer-jobs";
import {
  type CertificateFixture,
  type CertificateStudent,
  seedCertificateFixture,
  verifyCodeOf,
} from "./fixtures/results-certificates";
import { startTestApi, type TestApi } from "./support";

/**
 * Certificate codes across resets, deleted uploads and rescans (issue 36 item 3, decision 060): a
 * printed QR code keeps answering for the same student, level, year and award, and answers
 * "withdrawn on <date>" when its results are gone or its award changed.
 */

/** A vendor line of the fixture's paper (key "A" throughout): `right` answers right, the rest blank. */
const line = (student: CertificateStudent, right = student.right) =>
  [student.roll, "CERT-L1-VIII", ...Array.from({ length: 100 }, (_, i) => (i < right ? "A" : ""))].join(",");
const today = () => new Date().toISOString().slice(0, 10);

for (const driver of testDrivers()) {
  describe(`certificate codes on ${driver}`, () => {
    let api: TestApi;
    let fixture: CertificateFixture;
    let everyone: CertificateStudent[];
    let admin: string;

    beforeAll(async () => {
      api = await startTestApi(driver);
      fixture = await seedCertificateFixture(api.db);
      everyone = [...fixture.own, ...fixture.dubai, ...fixture.institute];
      admin = await api.login("admin", "coordinator");
    }, 120_000);
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = () => runAnswerSheetJobs(api);
    /** Uploads a vendor file, lets its check run, confirms it and lets it be stored; answers the upload's id. */
    const store = async (lines: string[]) => {
      const form = new FormData();
      form.append("file", new File([`${lines.join("\n")}\n`], "vendor.txt"));
      form.append("exam_level", "level1");
      const started = await api.call("POST", "/api/admin-upload-txt-answersheet", { token: admin, body: form });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJobs();
      const uploadId = Number(started.body.data.upload_id);
      const confirmed = await api.call("POST", `/api/answer-sheet-upload/${uploadId}/confirm`, { token: admin });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
      await runJobs();
      const stored = await api.call("GET", `/api/answer-sheet-upload/${uploadId}`, { token: admin });
      expect(stored.body.data.status).toBe("stored");
      return uploadId;
    };
    const verify = (code: string) => api.call("GET", `/api/certificate/verify/${code}`);
    const codes = async () =>
      Object.fromEntries(await Promise.all(everyone.map(async (s) => [s.id, await verifyCodeOf(api.db, s.id)])));

    it("gives a rescan that changes the award a new code, and the old one answers withdrawn with what it printed", async () => {
      const aarav = fixture.own[0] as CertificateStudent;
      const first = await verifyCodeOf(api.db, aarav.id);
      expect((await verify(first)).body.data).toMatchObject({ status: "valid", award: "national_camp" });

      // The vendor's rescan: far fewer right answers, so no longer a national camp.
      await store([line(aarav, 30)]);
      const second = await verifyCodeOf(api.db, aarav.id);
      expect(second).not.toBe(first);
      const now = (await verify(second)).body.data;
      expect(now.status).toBe("valid");
      expect(now.award).not.toBe("national_camp");
      const old = await verify(first);
      expect(old.status).toBe(200);
      expect(old.body.data).toMatchObject({
        status: "withdrawn",
        student_name: "Aarav Sharma",
        school_name: "Jnana Prabodhini Prashala, Pune",
        level: "level1",
        award: "national_camp",
        award_name: "National camp",
        withdrawn_reason: "award_changed",
      });
      expect(String(old.body.data.withdrawn_at).slice(0, 10)).toBe(today());
      expect(JSON.stringify(old.body)).not.toContain(aarav.roll);

      // The first scan again: the national-camp certificate's printed code is valid again.
      const back = await store([line(aarav)]);
      expect(await verifyCodeOf(api.db, aarav.id)).toBe(first);
      expect((await verify(first)).body.data).toMatchObject({ status: "valid", award: "national_camp" });
      expect((await verify(second)).body.data).toMatchObject({
        status: "withdrawn",
        withdrawn_reason: "award_changed",
      });

      // Deleting the upload that holds the sheet withdraws its code; storing it again brings it back.
      const stats = await api.call("GET", `/api/admin-delete-answersheet-stats?upload_id=${back}`, { token: admin });
      expect(stats.body.data).toMatchObject({ sheets: 1, certificates: 1 });
      const deleted = await api.call("POST", "/api/admin-delete-answersheet", {
        token: admin,
        json: { upload_id: back },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect((await verify(first)).body.data).toMatchObject({
        status: "withdrawn",
        award: "national_camp",
        withdrawn_reason: "results_removed",
      });
      await store([line(aarav)]);
      expect(await verifyCodeOf(api.db, aarav.id)).toBe(first);
      expect((await verify(first)).body.data.status).toBe("valid");
      // A tampered code is still unknown.
      expect((await verify(`${first.slice(0, -1)}${first.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
    });

    it("asks to confirm the certificates a reset withdraws, and gives every one its code back when the same file is stored", async () => {
      const before = await codes();
      // One certificate was downloaded: the reset page counts it.
      const pdf = await api.call("GET", `/api/certificate/${fixture.own[1]?.id}?level=level1`, { token: admin });
      expect(pdf.status).toBe(200);
      const summary = await api.call("GET", "/api/reset-exam?level=level-1", { token: admin });
      expect(summary.body.data).toMatchObject({ sheets: everyone.length, certificates: everyone.length });
      expect(summary.body.data.certificates_printed).toBe(1);

      const unconfirmed = await api.call("POST", "/api/reset-exam", {
        token: admin,
        json: { level: "level-1", confirm: "Level 1" },
      });
      expect(unconfirmed.status).toBe(422);
      expect(unconfirmed.body.errors[0].field).toBe("withdraw_certificates");
      expect(unconfirmed.body.message).toContain(
        `withdraws ${everyone.length} certificates, 1 of them already downloaded`,
      );
      const stale = await api.call("POST", "/api/reset-exam", {
        token: admin,
        json: { level: "level-1", confirm: "Level 1", withdraw_certificates: everyone.length - 1 },
      });
      expect(stale.status).toBe(422);
      expect(stale.body.message).toContain(`not ${everyone.length - 1}`);
      // Nothing was reset by the refusals.
      expect((await verify(before[fixture.own[0]?.id ?? 0])).body.data.status).toBe("valid");

      const reset = await api.call("POST", "/api/reset-exam", {
        token: admin,
        json: { level: "level-1", confirm: "Level 1", withdraw_certificates: everyone.length },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.data).toMatchObject({ sheets: 0, certificates: 0 });
      expect(reset.body.message).toBe(
        `Level 1 results of 2026-27 were reset; ${everyone.length} certificates withdrawn.`,
      );
      for (const student of everyone) {
        const answer = await verify(before[student.id]);
        expect(answer.status).toBe(200);
        expect(answer.body.data).toMatchObject({
          status: "withdrawn",
          student_name: `${student.firstName} ${student.lastName}`,
          withdrawn_reason: "results_removed",
        });
        expect(String(answer.body.data.withdrawn_at).slice(0, 10)).toBe(today());
      }

      // The same file stored again, in another order: every certificate has its code back.
      await store([...everyone].reverse().map((s) => line(s)));
      expect(await codes()).toEqual(before);
      for (const student of everyone) expect((await verify(before[student.id])).body.data.status).toBe("valid");
      const [rows] = await queryRows<{ n: number }>(
        api.db,
        sql`select count(*)::int as n from certificate_codes where exam_kind = 'level1' and withdrawn_at is null`,
      );
      expect(Number(rows?.n)).toBe(everyone.length);
    });

    it("asks no confirmation for a level without certificates (a mock)", async () => {
      const summary = await api.call("GET", "/api/reset-exam?level=mock", { token: admin });
      expect(summary.body.data).toMatchObject({ sheets: 1, certificates: 0, certificates_printed: 0 });
      const reset = await api.call("POST", "/api/reset-exam", {
        token: admin,
        json: { level: "mock", confirm: "Mock" },
      });
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    });
  });
}
