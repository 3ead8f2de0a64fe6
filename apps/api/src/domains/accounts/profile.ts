import { randomBytes } from "node:crypto";
import { PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, type profileFields } from "@repo/contracts/auth";
import type { Db } from "@repo/db";
import { users } from "@repo/db/schema";
import type { FileStorage } from "@repo/storage";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import type { z } from "zod";
import type { ApiConfig } from "../../context";
import { type Actor, recordActivity } from "../../kernel/activity";
import { ApiError, invalidField } from "../../kernel/http/errors";
import type { Upload } from "../../kernel/http/multipart";
import { currentUserRecord } from "./users";

type PhotoType = (typeof PROFILE_PHOTO_TYPES)[number];

const EXTENSIONS: Record<PhotoType, string> = {
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/png": "png",
  "image/bmp": "bmp",
};

/** Checks a photo by its content (never its name) and stores it under a fresh key. */
async function storePhoto(storage: FileStorage, userId: number, photo: Upload): Promise<string> {
  if (photo.size > PROFILE_PHOTO_MAX_BYTES) {
    throw invalidField("profile_photo", "The photo must be at most 2 MB", 413);
  }
  const bytes = await photo.bytes();
  const mime = (await fileTypeFromBuffer(bytes))?.mime as PhotoType | undefined;
  if (!mime || !PROFILE_PHOTO_TYPES.includes(mime)) {
    throw invalidField("profile_photo", "The photo must be a JPEG, JPG, GIF, PNG or BMP image");
  }
  const key = `profile-photos/${userId}-${Date.now().toString(36)}${randomBytes(4).toString("hex")}.${EXTENSIONS[mime]}`;
  await storage.put(key, bytes);
  return key;
}

/** Updates name, designation, team and (when given) the photo; answers the new user record. */
export async function updateProfile(
  services: { db: Db; storage: FileStorage; config: ApiConfig },
  actor: Actor,
  fields: z.output<typeof profileFields>,
  photo: Upload | undefined,
) {
  const { db, storage, config } = services;
  const photoKey = photo && photo.size > 0 ? await storePhoto(storage, actor.userId, photo) : undefined;
  const [before] = await db
    .select({
      full_name: users.fullName,
      designation: users.designation,
      team: users.team,
      profile_photo: users.profilePhoto,
    })
    .from(users)
    .where(eq(users.id, actor.userId));
  await db
    .update(users)
    .set({
      fullName: fields.full_name,
      designation: fields.designation,
      team: fields.team,
      ...(photoKey ? { profilePhoto: photoKey } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, actor.userId));
  if (photoKey && before?.profile_photo) await storage.remove(before.profile_photo);
  await recordActivity(db, {
    userId: actor.userId,
    action: "user.update-profile",
    entity: "user",
    entityId: actor.userId,
    before,
    after: { ...fields, profile_photo: photoKey ?? before?.profile_photo ?? null },
    requestId: actor.requestId,
  });
  return currentUserRecord(db, actor.userId, config);
}

/** The caller's photo with its content type, or 404. */
export async function profilePhoto(db: Db, storage: FileStorage, userId: number) {
  const [row] = await db.select({ key: users.profilePhoto }).from(users).where(eq(users.id, userId));
  const bytes = row?.key ? await storage.get(row.key) : undefined;
  if (!row?.key || !bytes) throw new ApiError(404, "Profile photo not found");
  const ext = row.key.split(".").pop() ?? "";
  const type = Object.entries(EXTENSIONS).find(([, e]) => e === ext)?.[0] ?? "application/octet-stream";
  return { bytes, type };
}
