import { Links, Meta, Scripts, ScrollRestoration } from "@remix-run/react";
import { UiProvider } from "@repo/ui/provider";
import { globalStyles, STITCHES_STYLE_ID } from "@repo/ui/theme";
import { type ReactNode, useEffect } from "react";
import { useNonce } from "./security/nonce";

// A module-level constant: React must see the same empty value on server and client, or
// hydration replaces the server-injected Stitches CSS with nothing (ARCHITECTURE pitfall 2).
const SERVER_CSS = { __html: "" };

/**
 * The HTML document of every app: meta and links, the server-rendered Stitches CSS, and a
 * `data-hydrated` marker set once React has hydrated (tests wait for it before clicking).
 */
export function Document({ children, lang = "en" }: { children: ReactNode; lang?: string }) {
  globalStyles();
  // Remix's inline scripts run under the document's Content-Security-Policy only with its nonce.
  const nonce = useNonce();
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant empty string; the server fills it with Stitches CSS */}
        <style id={STITCHES_STYLE_ID} dangerouslySetInnerHTML={SERVER_CSS} suppressHydrationWarning />
      </head>
      <body>
        <UiProvider>{children}</UiProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}
