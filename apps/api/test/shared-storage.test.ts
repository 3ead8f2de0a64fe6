import { queryRows } from "@repo/db";
import { seedFinalizedPaper } from "@repo/db/seed/results";
import { testDrivers } from "@repo/db/testing";
import type { FileStorage } from "@repo/storage";
import { storageFromEnv } from "@repo/storage/config";
import { type LocalS3, startLocalS3 } from "@repo/storage/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnswerSheetJobs } from "./answer-jobs";
import { startTestApi, type TestApi } from "./support";

// Two API instances over one database and one S3 bucket (decision 065): a file stored through one
// is read, checked and served by the other, with the same permission checks as on local disk.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

for (const driver of testDrivers()) {
  describe(`uploads shared by two API instances through S3 on ${driver}`, () => {
    let s3: LocalS3;
    let storage: FileStorage;
    let a: TestApi;
    let b: TestApi;
    beforeAll(async () => {
      s3 = await startLocalS3();
      storage = storageFromEnv({ UPLOAD_DIR: "/nonexistent", ...s3.env });
      a = await startTestApi(driver, {}, undefined, storage);
      b = await startTestApi(driver, {}, a.database, storage);
    }, 120_000);
    afterAll(async () => {
      await b?.services.pdf.close();
      await a?.close();
      await s3?.stop();
    });

    it("serves a photo stored through one instance from the other, to its owner only", async () => {
      const form = new FormData();
      form.set("full_name", "LMS Team");
      form.set("profile_photo", new File([new Uint8Array(PNG)], "me.png", { type: "image/png" }));
      const stored = await a.call("POST", "/api/update-profile", {
        token: await a.login("lms", "coordinator"),
        body: form,
      });
      expect(stored.status).toBe(200);
      const keys: string[] = [];
      for await (const { key } of storage.list()) keys.push(key);
      expect(keys.filter((key) => key.startsWith("profile-photos/"))).toHaveLength(1);

      const photo = await b.call("GET", "/api/user/photo", { token: await b.login("lms", "coordinator") });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(photo.body)).toEqual(PNG);
      // Someone else's photo is not served: the viewer's own, and they have none.
      expect((await b.call("GET", "/api/user/photo", { token: await b.login("admin", "coordinator") })).status).toBe(
        404,
      );
    });

    it("checks and stores on one instance an answer file uploaded (streamed) through the other", async () => {
      const year = Number(
        (await queryRows<{ id: number }>(a.db, sql`select id from exam_years where is_active`))[0]?.id,
      );
      await seedFinalizedPaper(a.db, {
        examYearId: year,
        examKind: "level1",
        classLevel: 8,
        code: "S3-VIII",
        sections: [{ label: "A", correct: [["A"], ["B"], ["C"]], marksPerQuestion: 1, optionCount: 4 }],
      });
      const rolls = (
        await queryRows<{ roll: string }>(
          a.db,
          sql`select roll_number as roll from students where class_level = 8 and payment_status = 'paid'
              and roll_number is not null order by id limit 2`,
        )
      ).map((row) => row.roll);
      expect(rolls).toHaveLength(2);
      const file = `${rolls[0]} S3-VIII ABC\n${rolls[1]} S3-VIII ABE\nNOT-A-ROLL S3-VIII ABC\n`;
      const form = new FormData();
      form.append("file", new File([file], "vendor.txt"));
      form.append("exam_level", "level1");
      const admin = (api: TestApi) => api.login("admin", "coordinator");
      const started = await a.call("POST", "/api/admin-upload-txt-answersheet", { token: await admin(a), body: form });
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const id = started.body.data.upload_id as number;

      // The check runs on the other instance, which reads the file from the bucket.
      await runAnswerSheetJobs(b);
      const checked = (await b.call("GET", `/api/answer-sheet-upload/${id}`, { token: await admin(b) })).body.data;
      expect(checked.report.problems.length).toBeGreaterThan(0);
      const problems = await a.call("GET", `/api/answer-sheet-upload/${id}/problems`, { token: await admin(a) });
      expect(problems.status).toBe(200);
      expect(new TextDecoder().decode(problems.body as ArrayBuffer)).toContain("NOT-A-ROLL");
      // Not for a school account.
      const school = await b.call("GET", `/api/answer-sheet-upload/${id}/problems`, {
        token: await b.login("school", "school"),
      });
      expect(school.status).toBe(403);
    });
  });
}
