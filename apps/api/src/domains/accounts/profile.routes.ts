import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROFILE_PHOTO_MAX_BYTES, profileFields } from "@repo/contracts/auth";
import { envelope } from "@repo/contracts/envelope";
import type { AppEnv } from "../../context";
import { actorOf, signedIn } from "../../kernel/auth/middleware";
import { uploadLimit } from "../../kernel/http/body-limit";
import { ok } from "../../kernel/http/envelope";
import { invalidField } from "../../kernel/http/errors";
import { FormFile, readForm } from "../../kernel/http/multipart";
import { apiRoute, errorResponse } from "../../kernel/http/routes";
import { json, namedUserRecord } from "../../kernel/http/schemas";
import { validated } from "../../kernel/http/validation";
import { profilePhoto, updateProfile } from "./profile";

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
    apiRoute(
      "self.profile",
      {
        method: "post",
        path: "/api/update-profile",
        tags: ["Auth"],
        summary: "Update name, designation, team and photo",
        description:
          "Multipart form. The photo is accepted only when its content is a JPEG, GIF, PNG or BMP image (the file name does not matter), at most 2 MB; it is stored outside any served folder and served by GET /api/user/photo.",
        request: { body: { content: { "multipart/form-data": { schema: updateProfileForm } }, required: true } },
        responses: {
          200: json(envelope(namedUserRecord).openapi("UpdateProfileResponse"), "The updated user record"),
          413: errorResponse("The photo is larger than 2 MB"),
          422: errorResponse("The photo is not a JPEG, GIF, PNG or BMP image"),
        },
      },
      { bodyLimit: uploadLimit({ field: "profile_photo", what: "The photo", maxBytes: PROFILE_PHOTO_MAX_BYTES }) },
    ),
    async (c) => {
      const form = await readForm(c, "profile_photo");
      const { profile_photo: photo, ...fields } = form;
      if (photo !== undefined && !(photo instanceof FormFile)) {
        throw invalidField("profile_photo", "profile_photo must be a file", 400);
      }
      // The declared form only describes the upload; its fields are the contract's, validated once here.
      const { database, storage, config } = c.var.services;
      const record = await updateProfile(
        { db: database.db, storage, config },
        actorOf(c),
        validated(profileFields, fields),
        photo,
      );
      return ok(c, record, "Profile updated successfully");
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
      const { database, storage } = c.var.services;
      const { bytes, type } = await profilePhoto(database.db, storage, signedIn(c).userId);
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": type,
        "Cache-Control": "private, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      });
    },
  );
}
