import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { CERTIFICATE_BULK_JOB, CERTIFICATE_LIMITS } from "@repo/contracts/certificates-constants";
import { STUDENT_IMPORT_JOB } from "@repo/contracts/student-import";
import { IMPORT_ERRORS_FILE_DAYS } from "@repo/contracts/uploads-constants";
import { queryRows } from "@repo/db";
import { jobs, users } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETENTION, sweep } from "../src/housekeeping";
import { hit, peek } from "../src/kernel/rate-limit";
import { startTestApi, type TestApi } from "./support";

const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY);

for (const driver of testDrivers()) {
  describe(`housekeeping on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });
    const count = async (table: string) =>
      Number(
        (await queryRows<{ n: number }>(api.db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]?.n,
      );

    it("removes a rate-limit window only once it is over, so a lock still holds until its time", async () => {
      await api.db.execute(sql`delete from rate_limits`);
      const minute = { max: 3, windowSeconds: 60 };
      const quarter = { max: 3, windowSeconds: 15 * 60 };
      for (let i = 0; i < 5; i++) {
        await hit(api.db, "test:minute", minute);
        await hit(api.db, "test:quarter", quarter);
      }
      const in5Minutes = new Date(Date.now() + 5 * 60_000);
      expect((await sweep(api.services, in5Minutes)).rate_limits).toBe(1);
      // The 15-minute lock is still there and still refuses; the 1-minute one is gone.
      expect((await peek(api.db, "test:quarter", quarter, in5Minutes)).allowed).toBe(false);
      expect(await count("rate_limits")).toBe(1);
      expect((await sweep(api.services, new Date(Date.now() + 16 * 60_000))).rate_limits).toBe(1);
      expect(await count("rate_limits")).toBe(0);
    });

    it("removes a bulk certificates file after its days, and its download then says why", async () => {
      const [admin] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
      const token = await api.login("admin", "coordinator");
      const done = async (finishedDaysAgo: number) => {
        const [job] = await api.db
          .insert(jobs)
          .values({
            kind: CERTIFICATE_BULK_JOB,
            status: "done",
            createdBy: admin?.id,
            finishedAt: new Date(Date.now() - finishedDaysAgo * DAY),
            result: { certificates: 1, output: "pdf", file_name: "certificates-level1-all.pdf", bytes: 4, files: 1 },
          })
          .returning({ id: jobs.id });
        const id = Number(job?.id);
        await api.services.storage.put(`certificates/bulk-${id}.pdf`, new TextEncoder().encode("%PDF"));
        return id;
      };
      const old = await done(CERTIFICATE_LIMITS.bulkFileDays + 1);
      const recent = await done(1);
      const download = (id: number) => api.call("GET", `/api/certificates/bulk/${id}/file`, { token });
      expect((await download(old)).status).toBe(200);

      expect((await sweep(api.services)).certificate_files).toBe(1);
      const gone = await download(old);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toContain(`removed ${CERTIFICATE_LIMITS.bulkFileDays} days after it was made`);
      expect(existsSync(path.join(api.uploadDir, "certificates", `bulk-${old}.pdf`))).toBe(false);
      expect((await download(recent)).status).toBe(200);
      // A second sweep has nothing more to do.
      expect((await sweep(api.services)).certificate_files).toBe(0);
    });

    it("removes an import's errors file after its days, and its download then says why", async () => {
      const [school] = await api.db.select({ id: users.id }).from(users).where(eq(users.username, "school"));
      const token = await api.login("school");
      const imported = async (finishedDaysAgo: number, withErrors: boolean) => {
        const fileId = randomUUID();
        const [job] = await api.db
          .insert(jobs)
          .values({
            kind: STUDENT_IMPORT_JOB,
            status: "done",
            createdBy: school?.id,
            finishedAt: new Date(Date.now() - finishedDaysAgo * DAY),
            result: { inserted: 3, bad_rows: withErrors ? 1 : 0, errors_file_id: withErrors ? fileId : null },
          })
          .returning({ id: jobs.id });
        if (withErrors)
          await api.services.storage.put(`student-imports/${fileId}-errors.xlsx`, new Uint8Array([80, 75]));
        return { id: Number(job?.id), fileId };
      };
      const old = await imported(IMPORT_ERRORS_FILE_DAYS + 1, true);
      const oldWithout = await imported(IMPORT_ERRORS_FILE_DAYS + 1, false);
      const recent = await imported(1, true);
      const download = (id: number) => api.call("GET", `/api/schools/student/import/${id}/errors`, { token });
      expect((await download(old.id)).status).toBe(200);

      expect((await sweep(api.services)).import_errors_files).toBe(1);
      const gone = await download(old.id);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toContain(`removed ${IMPORT_ERRORS_FILE_DAYS} days after the import`);
      expect(existsSync(path.join(api.uploadDir, "student-imports", `${old.fileId}-errors.xlsx`))).toBe(false);
      expect((await download(oldWithout.id)).status).toBe(404);
      expect((await download(recent.id)).status).toBe(200);
      expect((await sweep(api.services)).import_errors_files).toBe(0);
    });

    // Last: it ends every session of the file.
    it("keeps a signed-in session, and removes ended ones and used codes after their days", async () => {
      const token = await api.login("admin", "coordinator");
      const sessionsBefore = await count("sessions");
      expect(sessionsBefore).toBeGreaterThan(0);
      await api.db.execute(
        sql`insert into password_resets (user_id, kind, secret_hash, expires_at)
            select id, 'link', 'digest', now() + interval '30 minutes' from users where username = 'admin'`,
      );
      // Tomorrow nothing that can still be used is gone, and the session still answers.
      const tomorrow = await sweep(api.services, later(0.5));
      expect(tomorrow.sessions).toBe(0);
      expect(await count("password_resets")).toBe(1);
      expect((await api.call("GET", "/api/user", { token })).status).toBe(200);
      // Long after every session and code ended, all of them are gone.
      const afterRetention = await sweep(api.services, later(RETENTION.endedSessionDays + 400));
      expect(afterRetention.sessions).toBe(sessionsBefore);
      expect(await count("sessions")).toBe(0);
      expect(await count("handoff_codes")).toBe(0);
      expect(await count("mobile_otps")).toBe(0);
      expect(await count("password_resets")).toBe(0);
      expect((await api.call("GET", "/api/user", { token })).status).toBe(401);
    });
  });
}
