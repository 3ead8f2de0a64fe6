import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { DOCUMENT_CACHE_CONTROL } from "@repo/contracts/security-headers";
import { APP_RETRY_AFTER_SECONDS } from "@repo/contracts/unavailable";
import { pageCssText } from "@repo/ui/page-css";
import { STITCHES_STYLE_ID } from "@repo/ui/theme";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { APP_ID } from "./app-id";
import { env } from "./auth.server";
import { createNonce, documentPolicy } from "./security/csp.server";
import { NonceContext } from "./security/nonce";

/**
 * How long a document's render may take before it is given up (a 500). The portal's loaders
 * return their data whole (nothing is deferred), so a render waits only for a core and for its
 * lazy modules; on a busy server that is seconds. Remix's defaults (loader data streamed for 5 s,
 * the render aborted at 6 s) turned slow pages into errors under load; a page should be slow, not
 * lost. It stays under the 60 s after which proxies and the load benchmark give up, so that the
 * server still answers first.
 */
export const RENDER_TIMEOUT_MS = 50_000;

/** How long Remix streams a document's loader data into it (read from the entry module). */
export const streamTimeout = RENDER_TIMEOUT_MS - 1_000;

const EMPTY_STYLE_TAG = `<style id="${STITCHES_STYLE_ID}"></style>`;

/**
 * Renders a whole document before it is sent, so the Stitches CSS of everything on the page can
 * be put into <style id="stitches"> in <head>: the first paint is already styled (no flash of
 * unstyled content), and only what the page uses is sent (decision 073). A render that outlives `timeoutMs` is aborted (what it could not finish is
 * left to the browser, and the answer is a 500); so is one whose request went away (the browser
 * gave up): nobody would read it, and on a busy server its work delays everyone else's.
 * React calls neither onAllReady nor onShellError for a render aborted before its shell was
 * ready, so that case fails here: before, such a request was never answered at all.
 */
export function renderDocument(
  element: ReactElement,
  options: { nonce: string; status: number; headers: Headers; signal: AbortSignal; timeoutMs?: number },
): Promise<Response> {
  const { nonce, status, headers, signal, timeoutMs = RENDER_TIMEOUT_MS } = options;
  return new Promise((resolve, reject) => {
    let failed = false;
    let shellReady = false;
    let timer: NodeJS.Timeout | undefined;
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onShellReady() {
        shellReady = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("error", reject);
        sink.on("end", () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          const page = Buffer.concat(chunks).toString("utf8");
          const html = page.replace(EMPTY_STYLE_TAG, `<style id="${STITCHES_STYLE_ID}">${pageCssText(page)}</style>`);
          headers.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(html, { headers, status: failed ? 500 : status }));
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        // A request that went away is not an error worth logging.
        if (!signal.aborted) console.error(error);
      },
    });
    const stop = (reason: unknown) => {
      clearTimeout(timer);
      abort(reason);
      if (!shellReady) reject(reason);
    };
    const onAbort = () => stop(signal.reason);
    if (signal.aborted) stop(signal.reason);
    else signal.addEventListener("abort", onAbort, { once: true });
    timer = setTimeout(() => stop(new Error(`the render took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  });
}

/**
 * Server render shared by the four apps. Every document gets a fresh Content-Security-Policy
 * nonce that Remix's inline scripts carry (docs/decisions/031), and is kept in no cache
 * (DOCUMENT_CACHE_CONTROL, docs/decisions/039).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Promise<Response> {
  const nonce = createNonce();
  // A 503 is the "back in a moment" page (the API could not serve it): Remix keeps only the
  // cookies of a thrown Response, so its Retry-After is set here (decision 045).
  if (responseStatusCode === 503 && !responseHeaders.has("Retry-After")) {
    responseHeaders.set("Retry-After", String(APP_RETRY_AFTER_SECONDS));
  }
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", DOCUMENT_CACHE_CONTROL);
  responseHeaders.set(
    "Content-Security-Policy",
    documentPolicy({
      app: APP_ID,
      nonce,
      appOrigins: Object.values(env.appOrigins),
      development: env.NODE_ENV === "development",
    }),
  );
  return renderDocument(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} nonce={nonce} />
    </NonceContext.Provider>,
    { nonce, status: responseStatusCode, headers: responseHeaders, signal: request.signal },
  );
}
