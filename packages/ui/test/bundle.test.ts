// Bundle boundaries of the kit, checked the way an app bundles it: every public entry point is
// built (minified, code-split, React left out as the apps' shared baseline) and we follow each
// entry's static imports. Quill, KaTeX, nivo and pdf.js must never be among them: they may only be
// reached through dynamic import(), i.e. land in lazy chunks of the routes that use them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const exportsMap = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).exports as Record<string, string>;
const HEAVY = /node_modules\/(quill|parchment|quill-delta|katex|@nivo|d3-[a-z-]+|@react-spring|pdfjs-dist)\//;
/** Entries that load heavy libraries lazily (and only those). */
const LAZY_ENTRIES = [
  "./rich-text-editor",
  "./rich-text-view",
  "./bar-chart",
  "./pie-chart",
  "./line-chart",
  "./flipbook",
];

/** Entries for servers (loaders), never imported by a page: they may load KaTeX directly. */
const SERVER_ENTRIES = new Set(["./rich-text-render"]);

interface Closure {
  inputs: Set<string>;
  files: Set<string>;
}

let metafile: Metafile;
const contents = new Map<string, Uint8Array>();
const entryOutput = new Map<string, string>();

function closure(output: string, kinds: readonly string[]): Closure {
  const seen: Closure = { inputs: new Set(), files: new Set() };
  const visit = (file: string) => {
    if (seen.files.has(file)) return;
    seen.files.add(file);
    const meta = metafile.outputs[file];
    if (!meta) return;
    for (const input of Object.keys(meta.inputs)) seen.inputs.add(input);
    for (const imported of meta.imports) if (!imported.external && kinds.includes(imported.kind)) visit(imported.path);
  };
  visit(output);
  return seen;
}

const gzipKb = (files: Set<string>) =>
  [...files].reduce((sum, file) => sum + gzipSync(contents.get(file) ?? new Uint8Array()).length, 0) / 1024;

beforeAll(async () => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(exportsMap).map(([key, file]) => [key.slice(2).replace(/\//g, "__"), file]),
    ),
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    write: false,
    outdir: "out",
    metafile: true,
    jsx: "automatic",
    target: "es2022",
    platform: "browser",
    external: ["react", "react-dom", "react/jsx-runtime", "react-dom/client"],
    loader: { ".css": "empty", ".woff2": "empty", ".woff": "empty", ".ttf": "empty" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  metafile = result.metafile;
  for (const file of result.outputFiles) contents.set(path.relative(root, file.path), file.contents);
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint) entryOutput.set(`./${meta.entryPoint}`, output);
  }
}, 120_000);

describe("bundle boundaries", () => {
  it.each(Object.entries(exportsMap).filter(([key]) => !SERVER_ENTRIES.has(key)))(
    "%s never statically imports Quill, KaTeX or nivo",
    (_key, file) => {
      const output = entryOutput.get(file);
      expect(output, `no output for ${file}`).toBeDefined();
      const heavy = [...closure(output ?? "", ["import-statement"]).inputs].filter((input) => HEAVY.test(input));
      expect(heavy).toEqual([]);
    },
  );

  it.each(LAZY_ENTRIES)("%s reaches its heavy library through a lazy chunk", (key) => {
    const output = entryOutput.get(exportsMap[key] ?? "") ?? "";
    const lazy = [...closure(output, ["import-statement", "dynamic-import"]).inputs].filter((input) =>
      HEAVY.test(input),
    );
    expect(lazy.length).toBeGreaterThan(0);
  });

  it("keeps the shell and the basic components light", () => {
    const sizes = Object.fromEntries(
      Object.entries(exportsMap).map(([key, file]) => [
        key,
        gzipKb(closure(entryOutput.get(file) ?? "", ["import-statement"]).files),
      ]),
    );
    const page = new Set<string>();
    for (const key of [
      "./shell",
      "./theme",
      "./button",
      "./card",
      "./badge",
      "./stat-card",
      "./grid",
      "./stack",
      "./data-table",
      "./toolbar",
    ]) {
      for (const file of closure(entryOutput.get(exportsMap[key] ?? "") ?? "", ["import-statement"]).files)
        page.add(file);
    }
    const listPage = gzipKb(page);
    console.info(
      `gzip KB (static imports, React excluded): ${Object.entries(sizes)
        .map(([key, kb]) => `${key} ${kb.toFixed(1)}`)
        .join(", ")}; shell + list page kit ${listPage.toFixed(1)}`,
    );
    // The apps' pages must stay under 130 KB with React, Remix and the app (~93 KB, which already
    // holds Stitches and the theme, ~9 KB of these figures). Summing each chunk's own gzip size,
    // as here and in scripts/size.ts, is pessimistic: an app's bundler makes fewer, larger chunks.
    expect(sizes["./shell"]).toBeLessThan(25);
    expect(listPage).toBeLessThan(40);
  });
});
