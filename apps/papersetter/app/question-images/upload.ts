import type { ImageUploadResult } from "./question-images.server";

/** The path of the upload action (routes/question-images.upload.tsx). */
export const QUESTION_IMAGE_UPLOAD_PATH = "/question-images/upload";

/** What the kit's RichTextEditor calls with the chosen picture: uploads it and answers its address. */
export function questionImageUploader(csrf: string) {
  return async (file: File): Promise<string> => {
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("image", file);
    const response = await fetch(QUESTION_IMAGE_UPLOAD_PATH, { method: "POST", body: form });
    const result = (await response
      .json()
      .catch(() => ({ message: "The picture could not be uploaded." }))) as ImageUploadResult;
    if (!response.ok || !result.src) throw new Error(result.message);
    return result.src;
  };
}
