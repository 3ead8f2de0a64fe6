import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Contract first (docs/architecture.md, "How a request flows"): a route declares the contract's
// schema as its query, params or body, @hono/zod-openapi validates the request once with it, and
// the handler reads `c.req.valid(…)`. Parsing the request again with `validated(…)` means the
// declared schema is a loose copy (the OpenAPI document and the generated client then say less
// than the contract), and reading the raw query or body skips the declaration altogether.
// Multipart forms are read by kernel/http/multipart.ts and checked once after it: they stay.
const src = fileURLToPath(new URL("../src", import.meta.url));
const routeFiles = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith(".routes.ts"))
  .sort();

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** The arguments of the call whose "(" is at `open`, up to its matching ")". */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Where a route module validates the request a second time, or reads it past its declaration. */
function secondValidations(text: string): string[] {
  const found: string[] = [];
  // Names bound to what the request holds: `const query = c.req.valid("query")`, `= await c.req.json()`.
  const fromRequest = [...text.matchAll(/(?:const|let)\s+(\w+|\{[^}]*\})\s*=\s*(?:await\s+)?c\.req\./g)].flatMap(
    (m) => (m[1] ?? "").match(/\w+/g) ?? [],
  );
  for (const call of text.matchAll(/\bvalidated\s*\(/g)) {
    const args = argumentsAt(text, (call.index ?? 0) + call[0].length - 1);
    const reads = /\bc\.req\./.test(args) || fromRequest.some((name) => new RegExp(`\\b${name}\\b`).test(args));
    if (reads) found.push(`line ${lineOf(text, call.index ?? 0)}: validated(${args.replace(/\s+/g, " ").trim()})`);
  }
  for (const raw of text.matchAll(/\bc\.req\.(query|queries|json|parseBody|formData)\s*\(/g)) {
    found.push(`line ${lineOf(text, raw.index ?? 0)}: c.req.${raw[1]}() reads the request past its declared schema`);
  }
  return found;
}

describe("contract-first routes: the declared schema is the only validation", () => {
  it("finds a second validation however it is written", () => {
    const handler = (body: string) => `app.openapi(route, async (c) => {\n${body}\n});`;
    expect(secondValidations(handler(`const q = validated(listQuery, c.req.valid("query"));`))).toHaveLength(1);
    expect(secondValidations(handler(`const q = validated(\n  listQuery,\n  c.req.query(),\n);`))).toHaveLength(2);
    expect(
      secondValidations(handler(`const body = await c.req.json();\nsave(validated(itemBody, body));`)),
    ).toHaveLength(2);
    expect(secondValidations(handler(`const raw = c.req.valid("json");\nreturn validated(other, raw);`))).toHaveLength(
      1,
    );
    expect(secondValidations(handler(`const { id } = c.req.valid("param");\nvalidated(idBody, { id });`))).toHaveLength(
      1,
    );
    // A multipart form is read by the kernel and checked once: not a second validation.
    expect(secondValidations(handler(`const { fields } = await readForm(c);\nvalidated(formFields, fields);`))).toEqual(
      [],
    );
    expect(secondValidations(handler(`const query = c.req.valid("query");`))).toEqual([]);
  });

  it("has route modules to check", () => {
    expect(routeFiles.length).toBeGreaterThan(5);
  });

  it("no route module parses its query, params or JSON body a second time", () => {
    const offenders = routeFiles.flatMap((file) =>
      secondValidations(readFileSync(path.join(src, file), "utf8")).map((where) => `${file} ${where}`),
    );
    expect(offenders).toEqual([]);
  });
});
