import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { ROUTE_ACCESS } from "./routes";

// Swagger UI is served from the installed package, never from a CDN: the portal must work on
// closed networks.
const require = createRequire(import.meta.url);
const assetsDir = path.dirname(require.resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>Exam Portal API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css" />
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>`;

/** The reference runs Swagger UI's script from here (no inline script) and fetches the document. */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#reference", deepLinking: true, tryItOutEnabled: false });`;

export function registerDocs(app: OpenAPIHono<AppEnv>) {
  // Plain routes (not part of the OpenAPI document), registered as public in the access table.
  for (const path of ["/api/docs", "/api/docs/init.js", "/api/docs/{asset}", "/api/openapi.json"]) {
    ROUTE_ACCESS.set(`GET ${path}`, "public");
  }
  app.get("/api/docs", (c) => c.html(PAGE, 200, { "Content-Security-Policy": DOCS_CSP }));
  app.get("/api/docs/init.js", (c) => c.body(INIT, 200, { "Content-Type": "text/javascript; charset=utf-8" }));
  app.get("/api/docs/:asset", async (c) => {
    const asset = c.req.param("asset");
    const type = ASSETS[asset];
    if (!type) return c.notFound();
    const body = await readFile(path.join(assetsDir, asset));
    return c.body(body, 200, { "Content-Type": type, "Cache-Control": "public, max-age=86400" });
  });
}
