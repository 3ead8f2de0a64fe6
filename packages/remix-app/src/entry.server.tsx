import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { DOCUMENT_CACHE_CONTROL } from "@repo/contracts/security-headers";
import { getCssText, STITCHES_STYLE_ID } from "@repo/ui/theme";
import { renderToPipeableStream } from "react-dom/server";
import { APP_ID } from "./app-id";
import { env } from "./auth.server";
import { createNonce, documentPolicy } from "./security/csp.server";
import { NonceContext } from "./security/nonce";

const ABORT_DELAY_MS = 5_000;
const EMPTY_STYLE_TAG = `<style id="${STITCHES_STYLE_ID}"></style>`;

/**
 * Server render shared by the four apps. The whole document is rendered before it is sent so the
 * Stitches CSS of everything on the page can be put into <style id="stitches"> in <head>: the
 * first paint is already styled (no flash of unstyled content). Every document gets a fresh
 * Content-Security-Policy nonce that Remix's inline scripts carry (docs/decisions/031), and is
 * kept in no cache (DOCUMENT_CACHE_CONTROL, docs/decisions/034e).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Promise<Response> {
  const nonce = createNonce();
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
  return new Promise((resolve, reject) => {
    let shellFailed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on("data", (chunk: Buffer) => chunks.push(chunk));
          sink.on("error", reject);
          sink.on("end", () => {
            const html = Buffer.concat(chunks)
              .toString("utf8")
              .replace(EMPTY_STYLE_TAG, `<style id="${STITCHES_STYLE_ID}">${getCssText()}</style>`);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(html, { headers: responseHeaders, status: shellFailed ? 500 : responseStatusCode }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          shellFailed = true;
          // Aborted requests are not errors worth logging.
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}
