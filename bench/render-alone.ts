// React's own render of a page, without the rest of the app server (the ratios bench, issue 39
// item 1): run in an app's folder with the app's environment,
//   tsx ../../bench/render-alone.ts <path> <cookie> <renders>
// it loads the app's production build, serves the page once through Remix's request handler (its
// loaders call the API) and keeps what Remix hands the entry (the matched routes and their loader
// data); then it times the entry's render of that same tree (React and Stitches, as
// packages/remix-app/src/entry.server.tsx renders every document) `renders` times, and prints
// {"cpu_ms": …, "html_bytes": …} per render. No routing, loaders, API calls, gzip or HTTP.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type EntryContext, type ServerBuild } from "@remix-run/server-runtime";

const [at = "/", cookie = "", count = "50"] = process.argv.slice(2);
const renders = Number(count);
const build = (await import(pathToFileURL(path.resolve("build", "server", "index.js")).href)) as ServerBuild;
type Entry = (request: Request, status: number, headers: Headers, context: EntryContext) => Promise<Response>;
const entry = build.entry.module.default as unknown as Entry;
let kept:
  | { request: Request; status: number; context: EntryContext; handoff: Promise<Uint8Array[]> | null }
  | undefined;
/** All of a stream's chunks. */
const chunksOf = async (stream: ReadableStream<Uint8Array>) => {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
};
const wrapped: Entry = (request, status, headers, context) => {
  // With single fetch the loader data comes as a stream the render reads once: a copy is kept,
  // and each later render gets a fresh stream of the same bytes (their encoding is not timed).
  const stream = (context as { serverHandoffStream?: ReadableStream<Uint8Array> }).serverHandoffStream;
  let handoff: Promise<Uint8Array[]> | null = null;
  let first = context;
  if (stream) {
    const [forRender, forLater] = stream.tee();
    handoff = chunksOf(forLater);
    first = { ...context, serverHandoffStream: forRender } as EntryContext;
  }
  kept ??= { request, status, context, handoff };
  return entry(request, status, headers, first);
};
const handler = createRequestHandler(
  { ...build, entry: { ...build.entry, module: { ...build.entry.module, default: wrapped } } } as ServerBuild,
  "production",
);
const origin = process.env.APP_ORIGIN ?? "http://localhost";
const served = await handler(
  new Request(`${origin}${at}`, { headers: { Cookie: cookie, Host: new URL(origin).host } }),
  {
    clientIp: "127.0.0.1",
    requestId: "bench-render-alone",
  },
);
await served.text();
if (served.status !== 200 || !kept) {
  console.error(`render-alone: ${at} answered ${served.status}`);
  process.exit(1);
}
const { request, status, context } = kept;
const handoff = kept.handoff ? await kept.handoff : null;
const render = async () => {
  const fresh = handoff
    ? ({
        ...context,
        serverHandoffStream: new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of handoff) controller.enqueue(chunk);
            controller.close();
          },
        }),
      } as EntryContext)
    : context;
  return (await entry(request, status, new Headers(), fresh)).text();
};
for (let i = 0; i < 10; i++) await render(); // warm: the first renders compile
let bytes = 0;
const started = process.cpuUsage();
for (let i = 0; i < renders; i++) bytes = Buffer.byteLength(await render());
const used = process.cpuUsage(started);
console.log(JSON.stringify({ cpu_ms: (used.user + used.system) / 1000 / renders, html_bytes: bytes }));
// The app's modules keep timers and kept-alive connections to the API: without this the process
// would wait for them to lapse (a pipe's stdout on Linux is written synchronously).
process.exit(0);
