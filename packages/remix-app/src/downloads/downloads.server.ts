import { plainPage } from "../error-page";

/**
 * A file the API answered (a template, an errors file, an export), passed on to the browser as
 * this app's answer: the bytes streamed as they arrive, with the API's type and file name.
 */
export function streamDownload(response: Response): Response {
  return new Response(response.body, {
    headers: {
      "Content-Type": response.headers.get("content-type") ?? "application/octet-stream",
      "Content-Disposition": response.headers.get("content-disposition") ?? "attachment",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The message of an API error answer (`{ status: false, message }`), or `fallback`. */
export function messageOf(error: unknown, fallback: string): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    return error.message;
  }
  return fallback;
}

/** The heading of a refused download's page, by its status. */
const REFUSAL_TITLES: Record<number, string> = {
  401: "Signed out",
  403: "Not available to you",
  404: "Not found",
  409: "Not ready yet",
  410: "No longer kept",
};

/**
 * A refusal for a download the browser opens itself (a link): a small page with the message and a
 * way home, never a dead end of bare text, never a stack.
 */
export const refusedDownload = (message: string, status: number) =>
  new Response(plainPage(REFUSAL_TITLES[status] ?? "The file could not be downloaded", message), {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/** A refusal as JSON `{ status: false, message }`, for a download a screen fetches (postForDownload). */
export const refusedDownloadJson = (message: string, status: number) =>
  Response.json({ status: false, message }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * A guard's refusal (a Response it threw: expired form, no permission) as a value, so that a
 * resource route can answer it in its own words; redirects (to sign in) and other errors still throw.
 */
export async function refusalOf<T>(guard: Promise<T>): Promise<T | { refused: Response }> {
  try {
    return await guard;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 400) return { refused: thrown };
    throw thrown;
  }
}
