import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The API's dependency rules (docs/architecture.md, "The API by domain"): no import circle, type
// imports included (a circle of types still ties the modules' meaning together), and the kernel
// (kernel/) imports no domain (domains/): a domain uses the kernel, never the other way round.
// Lazy `import()` calls are left out: they load at run time, after every module is defined.
const src = fileURLToPath(new URL("../src", import.meta.url));

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^;"']*?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g;

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), base].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

/** Each source module (tests left out) and the modules it imports, by path relative to `root`. */
function importGraph(root: string): Map<string, string[]> {
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  return new Map(
    files.map((file) => {
      const full = path.join(root, file);
      const text = readFileSync(full, "utf8");
      const deps = [...text.matchAll(IMPORT)]
        .map((m) => resolve(full, m[1] ?? ""))
        .filter((dep): dep is string => dep !== undefined)
        .map((dep) => path.relative(root, dep));
      return [file, [...new Set(deps)]];
    }),
  );
}

/** The import circles of a graph: its strongly connected parts of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const dep of graph.get(node) ?? []) {
      if (!index.has(dep)) {
        visit(dep);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(dep) ?? 0));
      } else if (onStack.has(dep)) low.set(node, Math.min(low.get(node) ?? 0, index.get(dep) ?? 0));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("the API's dependencies", () => {
  const graph = importGraph(src);

  it("finds a circle where there is one, and none in a straight line", () => {
    const circle = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circles(circle)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(
      circles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("reads the modules and their imports", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get("app.ts")).toContain(path.join("kernel", "http", "errors.ts"));
  });

  it("has no import circle", () => {
    expect(circles(graph), "modules that import each other, directly or round a circle").toEqual([]);
  });

  it("keeps the kernel free of domains", () => {
    const kernelToDomain = [...graph.entries()]
      .filter(([file]) => file.startsWith(`kernel${path.sep}`))
      .flatMap(([file, deps]) =>
        deps.filter((dep) => dep.startsWith(`domains${path.sep}`)).map((dep) => `${file} → ${dep}`),
      );
    expect(kernelToDomain).toEqual([]);
  });
});
