import { QUESTION_IMAGE_MAX_BYTES, QUESTION_IMAGE_PATH, QUESTION_IMAGE_SRC } from "@repo/contracts/papers-constants";
import type { FileStorage } from "@repo/storage";
import { decodeEntities } from "@repo/ui/sanitize";
import { acceptUpload, FILE_KINDS, storeUpload, type UploadRule } from "../../kernel/files";
import { ApiError, notFound } from "../../kernel/http/errors";
import type { Upload } from "../../kernel/http/multipart";
import type { PaperImage } from "./paper-document";

const PREFIX = "question-images";

export const QUESTION_IMAGE_RULE: UploadRule = {
  field: "image",
  what: "The picture",
  kinds: ["png", "jpeg", "webp", "gif"],
  maxBytes: QUESTION_IMAGE_MAX_BYTES,
  required: true,
};

/** Stores an uploaded picture and answers the address a question's HTML uses for it. */
export async function storeQuestionImage(storage: FileStorage, file: Upload | undefined): Promise<string> {
  const accepted = await acceptUpload(file, QUESTION_IMAGE_RULE);
  if (!accepted) throw new ApiError(422, "Choose a picture", [{ field: "image", message: "Choose a picture" }]);
  const key = await storeUpload(storage, PREFIX, accepted);
  return `${QUESTION_IMAGE_PATH}/${key.slice(PREFIX.length + 1)}`;
}

const MIME_OF_EXT: Record<string, string> = Object.fromEntries(Object.values(FILE_KINDS).map((k) => [k.ext, k.mime]));

/** A stored picture by its name (the last part of its address). */
export async function readQuestionImage(
  storage: FileStorage,
  name: string,
): Promise<{ bytes: Uint8Array; mime: string }> {
  const match = QUESTION_IMAGE_SRC.exec(`${QUESTION_IMAGE_PATH}/${name}`);
  const bytes = match ? await storage.get(`${PREFIX}/${name}`) : undefined;
  if (!match || !bytes) throw notFound("Picture");
  return { bytes, mime: MIME_OF_EXT[name.split(".").pop() ?? ""] ?? "application/octet-stream" };
}

const imgSources = (html: string) =>
  [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/gi)].map((m) => decodeEntities(m[1] ?? ""));

/**
 * Pictures must be the portal's own uploads: a pasted data: URL would bloat every version and
 * translation, and another site's address could change or vanish after the paper is frozen.
 */
export function assertOwnImages(fields: { field: string; html: string }[]): void {
  const errors = fields
    .filter(({ html }) => imgSources(html).some((src) => !QUESTION_IMAGE_SRC.test(src)))
    .map(({ field }) => ({
      field,
      message: "Insert pictures with the editor's image button: they are uploaded, not pasted",
    }));
  if (errors.length > 0) throw new ApiError(422, "A picture was pasted instead of uploaded", errors);
}

/** The bytes of every picture the HTML refers to, for the print renderer (which has no network). */
export async function imagesOf(storage: FileStorage, htmls: string[]): Promise<Map<string, PaperImage>> {
  const images = new Map<string, PaperImage>();
  for (const src of new Set(htmls.flatMap(imgSources))) {
    const match = QUESTION_IMAGE_SRC.exec(src);
    if (!match?.[1]) continue;
    const image = await readQuestionImage(storage, match[1]).catch(() => undefined);
    if (image) images.set(src, { contentType: image.mime, bytes: image.bytes });
  }
  return images;
}
