import { randomBytes } from "node:crypto";
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, profileFields } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import { users } from "@repo/db/schema";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { ApiError, invalidField } from "../http/errors";
import { apiRoute, errorResponse } from "../http/routes";
import { validated } from "../http/validation";
import { recordActivity } from "../services/activity";
import { currentUserRecord } from "../services/users";
import { userRecordSchema } from "./auth";
import { json } from "./schemas";

const EXTENSIONS: Record<(typeof PROFILE_PHOTO_TYPES)[number], string> = {
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/png": "png",
  "image/bmp": "bmp",
};

const updateProfileForm = z.object({
  full_name: z.string().openapi({ example: "Asha Rao" }),
  designation: z.string().optional(),
  team: z.string().optional(),
  profile_photo: z
    .any()
    .optional()
    .openapi({ type: "string", format: "binary", description: "jpeg, jpg, gif, png or bmp, at most 2 MB" }),
});

export function registerProfileRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    apiRoute("self.profile", {
      method: "post",
      path: "/api/update-profile",
      tags: ["Auth"],
      summary: "Update name, designation, team and photo",
      description:
        "Multipart form. The photo is accepted only when its content is a JPEG, GIF, PNG or BMP image (the file name does not matter), at most 2 MB; it is stored outside any served folder and served by GET /api/user/photo.",
      request: { body: { content: { "multipart/form-data": { schema: updateProfileForm } }, required: true } },
      responses: {
        200: json(envelope(userRecordSchema).openapi("UpdateProfileResponse"), "The updated user record"),
        413: errorResponse("The photo is larger than 2 MB"),
        422: errorResponse("The photo is not a JPEG, GIF, PNG or BMP image"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const { database, storage, config } = c.var.services;
      const form = await c.req.parseBody().catch(() => {
        throw new ApiError(400, "Send the profile as multipart/form-data");
      });
      const { profile_photo: photo, ...fields } = form;
      const parsed = { data: validated(profileFields, fields) };

      let photoKey: string | undefined;
      if (photo instanceof File && photo.size > 0) {
        if (photo.size > PROFILE_PHOTO_MAX_BYTES) {
          throw invalidField("profile_photo", "The photo must be at most 2 MB", 413);
        }
        const bytes = new Uint8Array(await photo.arrayBuffer());
        const type = await fileTypeFromBuffer(bytes);
        const mime = type?.mime as (typeof PROFILE_PHOTO_TYPES)[number] | undefined;
        if (!mime || !PROFILE_PHOTO_TYPES.includes(mime)) {
          throw invalidField("profile_photo", "The photo must be a JPEG, JPG, GIF, PNG or BMP image");
        }
        photoKey = `profile-photos/${auth.userId}-${Date.now().toString(36)}${randomBytes(4).toString("hex")}.${EXTENSIONS[mime]}`;
        await storage.put(photoKey, bytes);
      } else if (photo !== undefined && !(photo instanceof File)) {
        throw invalidField("profile_photo", "profile_photo must be a file", 400);
      }

      const db = database.db;
      const [before] = await db
        .select({
          full_name: users.fullName,
          designation: users.designation,
          team: users.team,
          profile_photo: users.profilePhoto,
        })
        .from(users)
        .where(eq(users.id, auth.userId));
      const changes = {
        fullName: parsed.data.full_name,
        designation: parsed.data.designation,
        team: parsed.data.team,
        ...(photoKey ? { profilePhoto: photoKey } : {}),
        updatedAt: new Date(),
      };
      await db.update(users).set(changes).where(eq(users.id, auth.userId));
      if (photoKey && before?.profile_photo) await storage.remove(before.profile_photo);
      await recordActivity(db, {
        userId: auth.userId,
        action: "user.update-profile",
        entity: "user",
        entityId: auth.userId,
        before,
        after: { ...parsed.data, profile_photo: photoKey ?? before?.profile_photo ?? null },
        requestId: c.var.requestId,
      });
      const record = await currentUserRecord(db, auth.userId, config);
      return c.json({ status: true, message: "Profile updated successfully", data: record }, 200);
    },
  );

  app.openapi(
    apiRoute("self.profile", {
      method: "get",
      path: "/api/user/photo",
      tags: ["Auth"],
      summary: "The signed-in user's profile photo",
      responses: {
        200: { description: "The image", content: { "image/*": { schema: z.string().openapi({ format: "binary" }) } } },
        404: errorResponse("No photo has been uploaded"),
      },
    }),
    async (c) => {
      const auth = signedIn(c);
      const { database, storage } = c.var.services;
      const [row] = await database.db.select({ key: users.profilePhoto }).from(users).where(eq(users.id, auth.userId));
      const bytes = row?.key ? await storage.get(row.key) : undefined;
      if (!row?.key || !bytes) throw new ApiError(404, "Profile photo not found");
      const ext = row.key.split(".").pop() ?? "";
      const type = Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0] ?? "application/octet-stream";
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": type,
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
}
