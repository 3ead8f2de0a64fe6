import type { IncomingMessage, ServerResponse } from "node:http";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small page with no scripts and nothing of the server's insides: what every refusal and error shows. */
export function plainPage(title: string, message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p></body></html>`;
}

type Next = (error?: unknown) => void;

function answer(req: IncomingMessage, res: ServerResponse, status: number, title: string, message: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  res.end(req.method === "HEAD" ? undefined : plainPage(title, message));
}

/**
 * A path that is not valid percent-encoding (`/%`, `/%E0%A4`) is answered 400 here, before Express
 * or Vite try to decode it and show their own error page with a stack (docs/decisions/044).
 */
export function malformedPathGuard(req: IncomingMessage, res: ServerResponse, next: Next) {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  try {
    decodeURIComponent(path);
  } catch {
    answer(req, res, 400, "Bad address", "This address is not valid. Check it, or start again from the home page.");
    return;
  }
  next();
}

/** How the app server reports an error it answered with a page (its own log line; the stack stays there). */
export type ErrorLog = (status: number, error: unknown, req: IncomingMessage) => void;

/**
 * The last error handler of every app server (production and Vite's dev server): a plain page
 * with the status, never Express's or Vite's page with the error's message, stack and file paths.
 */
export function errorPage(log: ErrorLog) {
  return (error: unknown, req: IncomingMessage, res: ServerResponse, _next: Next) => {
    const declared =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
      (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof declared === "number" && declared >= 400 && declared < 500 ? declared : 500;
    log(status, error, req);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status === 500) {
      answer(req, res, 500, "Something went wrong", "The page could not be shown. Try again in a moment.");
    } else {
      answer(req, res, status, "Bad request", "This request could not be understood. Start again from the home page.");
    }
  };
}
