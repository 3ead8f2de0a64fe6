// A tiny static file server for the built Storybook (storybook-static/), used by
// playwright.storybook.config.ts: no extra dependency, nothing leaves 127.0.0.1.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? "storybook-static");
const port = Number(process.argv[3] ?? 6007);
const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};

if (!existsSync(path.join(root, "index.json"))) {
  console.error(`No built Storybook in ${root}: run \`npm run storybook:build\` first.`);
  process.exit(1);
}

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  let file = path.join(root, decodeURIComponent(url.pathname));
  if (!file.startsWith(root)) {
    response.writeHead(403).end();
    return;
  }
  if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, "index.html");
  if (!existsSync(file)) {
    response.writeHead(404).end("Not found");
    return;
  }
  // The build does not change while the tests run: the story tests share one browser context per
  // worker and take scripts, styles and fonts from its cache instead of loading them per story.
  const cached = !/\.(html|json)$/.test(file);
  response.writeHead(200, {
    "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
    "Cache-Control": cached ? "public, max-age=3600" : "no-cache",
  });
  createReadStream(file).pipe(response);
}).listen(port, "127.0.0.1", () => console.log(`Storybook served on http://127.0.0.1:${port}`));
