import { timingSafeEqual } from "node:crypto";
import { APP_FORM_MAX_BYTES } from "@repo/contracts/app-requests";

/**
 * Checks that a non-GET request comes from the app's own pages (docs/domain.md, Sign-in and sessions): the Origin header
 * must be the app's origin; without Origin, Sec-Fetch-Site must say same-origin. Subdomains of one
 * site share SameSite cookies, so the cookie alone does not prove where a request came from.
 */
export function isSameOrigin(request: Request, appOrigin: string): boolean {
  return originAllowed(request.headers.get("origin"), request.headers.get("sec-fetch-site"), appOrigin);
}

/** The same check on the two header values (the app server's request gate has no Request object). */
export function originAllowed(origin: string | null, secFetchSite: string | null, appOrigin: string): boolean {
  if (origin) return origin === appOrigin;
  return secFetchSite === "same-origin";
}

export function csrfMatches(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== "string") return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024 / 1024))} MB`;

/**
 * Reads a form body (URL-encoded or multipart) of at most `maxBytes`, counting as it reads: a
 * declared or actual length over the limit is a 413, a body that is not a readable form a 400.
 * Callers check Origin and the session first (docs/decisions/028-app-request-checks.md).
 */
export async function readFormBody(request: Request, maxBytes: number = APP_FORM_MAX_BYTES): Promise<FormData> {
  const tooLarge = () =>
    new Response(`This form is larger than ${megabytes(maxBytes)}, the most this page takes.`, {
      status: 413,
      statusText: "Payload Too Large",
    });
  if (Number(request.headers.get("content-length") ?? 0) > maxBytes) throw tooLarge();
  let seen = 0;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > maxBytes) controller.error(new Error("form too large"));
        else controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Response(counted ?? null, {
      headers: { "Content-Type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    if (seen > maxBytes) throw tooLarge();
    throw new Response("This form could not be read. Reload the page and try again.", {
      status: 400,
      statusText: "Bad Request",
    });
  }
}

export { safeRedirect } from "../redirect";
