import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { activityLog } from "@repo/db/schema";
import { testDrivers } from "@repo/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

// The smallest real images: a 1×1 PNG and a 1×1 GIF.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

function form(fields: Record<string, string>, photo?: { bytes: Uint8Array; name: string; type: string }) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  if (photo) data.set("profile_photo", new File([new Uint8Array(photo.bytes)], photo.name, { type: photo.type }));
  return data;
}

for (const driver of testDrivers()) {
  describe(`profile on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });
    const update = (token: string, body: FormData) => api.call("POST", "/api/update-profile", { token, body });

    it("updates name, designation and team, and records the change", async () => {
      const token = await api.login("subject", "papersetter");
      const result = await update(
        token,
        form({ full_name: "Dr. Meera Iyer", designation: "Physics lead", team: "Physics" }),
      );
      expect(result.status).toBe(200);
      expect(result.body.message).toBe("Profile updated successfully");
      expect(result.body.data.profile).toEqual({
        full_name: "Dr. Meera Iyer",
        designation: "Physics lead",
        team: "Physics",
      });
      expect(result.body.data.user_detail.name).toBe("Dr. Meera Iyer");
      const log = await api.db.select().from(activityLog).where(eq(activityLog.action, "user.update-profile"));
      expect(log.at(-1)?.after).toMatchObject({ full_name: "Dr. Meera Iyer" });
    });

    it("stores a photo recognised by its content outside any served folder and serves it back", async () => {
      const token = await api.login("lms", "coordinator");
      // The name says .bmp but the bytes are a PNG: content decides, and the PNG is accepted.
      const result = await update(
        token,
        form({ full_name: "LMS Team" }, { bytes: PNG, name: "me.bmp", type: "image/bmp" }),
      );
      expect(result.status).toBe(200);
      expect(result.body.data.profile_photo).toMatch(/^\/api\/user\/photo\?v=/);
      const stored = readdirSync(path.join(api.uploadDir, "profile-photos"));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatch(/\.png$/);

      const photo = await api.call("GET", "/api/user/photo", { token });
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(photo.body)).toEqual(PNG);

      // A new photo replaces the old file.
      await update(token, form({ full_name: "LMS Team" }, { bytes: GIF, name: "me.gif", type: "image/gif" }));
      const after = readdirSync(path.join(api.uploadDir, "profile-photos"));
      expect(after).toHaveLength(1);
      expect(after[0]).toMatch(/\.gif$/);
    });

    it("refuses a file that only claims to be an image", async () => {
      const token = await api.login("pssubadmin", "papersetter");
      const folder = path.join(api.uploadDir, "profile-photos");
      const before = existsSync(folder) ? readdirSync(folder) : [];
      const fake = Buffer.from("<?php echo 'not an image'; ?>");
      const result = await update(
        token,
        form({ full_name: "X" }, { bytes: fake, name: "photo.png", type: "image/png" }),
      );
      expect(result.status).toBe(422);
      expect(result.body.errors).toEqual([
        { field: "profile_photo", message: "The photo must be a JPEG, JPG, GIF, PNG or BMP image" },
      ]);
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual(before);
    });

    it("refuses a photo over 2 MB with 413", async () => {
      const token = await api.login("pssubadmin", "papersetter");
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const result = await update(token, form({ full_name: "X" }, { bytes: big, name: "big.png", type: "image/png" }));
      expect(result.status).toBe(413);
      expect(result.body.errors[0].field).toBe("profile_photo");
    });

    it("names the bad field and rejects unknown ones", async () => {
      const token = await api.login("pssubadmin", "papersetter");
      const empty = await update(token, form({ full_name: "" }));
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual([{ field: "full_name", message: "full_name is required" }]);
      const extra = await update(token, form({ full_name: "Ok", role_id: "3" }));
      expect(extra.status).toBe(400);
      expect(extra.body.errors).toEqual([{ field: "role_id", message: "role_id is not an accepted field" }]);
    });

    it("answers 404 for the photo of a user who has none, and 401 when signed out", async () => {
      expect((await api.call("GET", "/api/user/photo", { token: await api.login("outbox", "outbox") })).status).toBe(
        404,
      );
      expect((await api.call("GET", "/api/user/photo")).status).toBe(401);
    });
  });
}
