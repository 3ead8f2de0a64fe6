import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { QUESTION_IMAGE_MAX_BYTES } from "@repo/contracts/papers-constants";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { auth } from "@repo/remix-app/auth.server";
import { missingOrUnavailable } from "@repo/remix-app/missing.server";

/** A question's picture, proxied from the API with the viewer's token (the browser never holds it). */
export async function questionImageLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requireUser(request, context);
  const { response } = await api.GET("/api/question-images/{name}", {
    params: { path: { name: params.name ?? "" } },
    parseAs: "stream",
  });
  if (!response.ok || !response.body) return missingOrUnavailable({ response }, "Not found");
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Cache-Control": "private, max-age=86400, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export interface ImageUploadResult {
  src?: string;
  message: string;
}

/**
 * The editor's image button: the picture goes to the API's file service and the editor inserts the
 * address it answers. A form with the CSRF token, like every other change.
 */
export async function questionImageAction({ request, context }: ActionFunctionArgs) {
  // Refuse an oversized body before reading it into memory.
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > QUESTION_IMAGE_MAX_BYTES + 64_000) {
    return data<ImageUploadResult>({ message: "The picture can be at most 1 MB." }, { status: 413 });
  }
  const form = await auth.readForm(request, context, { maxBytes: QUESTION_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES });
  const { api } = await auth.requireAction(request, context, form, "questions.edit");
  const image = form.get("image");
  if (!(image instanceof File)) return data<ImageUploadResult>({ message: "Choose a picture." }, { status: 400 });
  const upload = new FormData();
  upload.set("image", image);
  const {
    data: answer,
    error,
    response,
  } = await api.POST("/api/question/image", {
    body: upload as never,
    bodySerializer: (value: unknown) => value as FormData,
  });
  if (!answer) {
    return data<ImageUploadResult>(
      { message: error?.errors?.[0]?.message ?? error?.message ?? "The picture could not be uploaded." },
      { status: response.status },
    );
  }
  return data<ImageUploadResult>({ src: answer.data.src, message: answer.message });
}
