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

/** A refusal as plain text, for a download the browser opens itself (a link): the message, never a stack. */
export const refusedDownload = (message: string, status: number) =>
  new Response(message, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
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
