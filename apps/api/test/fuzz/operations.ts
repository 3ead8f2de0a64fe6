import fc from "fast-check";
import { type FuzzSizes, INT4_MAX, NUL_STRINGS, type Schema, SchemaValues, SURROGATE_STRINGS } from "./schema-values";

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

type BodyKind = "json" | "multipart" | "form";

/** One operation of the OpenAPI document, as the fuzzer sees it. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: { kind: BodyKind; schema: Schema; required: boolean } | undefined;
}

/** A request the fuzzer sends: plain data, so fast-check can print and shrink it. */
export interface FuzzRequest {
  /** What this case is about (shown with a failure). */
  label: string;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body:
    | { kind: "json"; value: unknown }
    | { kind: "multipart" | "form"; value: Record<string, unknown> }
    | { kind: "raw"; contentType: string; text: string }
    | undefined;
}

interface Document {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: RequestBody }>>;
  components?: { schemas?: Record<string, Schema> };
}
interface RequestBody {
  required?: boolean;
  content: Record<string, { schema: Schema }>;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** Every operation of the document, in the document's order. */
export function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => {
        const content = operation.requestBody?.content ?? {};
        const kind: BodyKind | undefined = content["application/json"]
          ? "json"
          : content["multipart/form-data"]
            ? "multipart"
            : content["application/x-www-form-urlencoded"]
              ? "form"
              : undefined;
        const type = {
          json: "application/json",
          multipart: "multipart/form-data",
          form: "application/x-www-form-urlencoded",
        };
        return {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          parameters: (operation.parameters ?? []).filter((p) => p.in === "path" || p.in === "query"),
          body: kind
            ? {
                kind,
                schema: content[type[kind]]?.schema ?? {},
                required: operation.requestBody?.required ?? false,
              }
            : undefined,
        };
      }),
  );
}

/** The path ids the brief names: at and past PostgreSQL's integer range, and not numbers at all. */
export const EDGE_IDS: unknown[] = [INT4_MAX, INT4_MAX + 1, -1, 0, 1e20, "abc"];

/** Generates the requests of one operation. */
export class OperationFuzzer {
  readonly values: SchemaValues;

  constructor(
    document: Document,
    private readonly sizes: FuzzSizes,
  ) {
    this.values = new SchemaValues(document.components?.schemas ?? {});
  }

  /** A request whose every part is valid as far as the document says. */
  validRequest(op: Operation): fc.Arbitrary<FuzzRequest> {
    return fc.record({
      label: fc.constant("valid"),
      path: this.parameterValues(op, "path"),
      query: this.parameterValues(op, "query"),
      body: this.validBody(op),
    });
  }

  /**
   * Random requests: valid ones, ones with one field (path, query or body) made hostile, and
   * ones whose whole body is wrong (not JSON, another type, huge, deeply nested, unknown keys).
   */
  requests(op: Operation): fc.Arbitrary<FuzzRequest> {
    const fields = this.fieldTargets(op);
    const oneField = fields.length
      ? fc
          .tuple(this.validRequest(op), fc.constantFrom(...fields))
          .chain(([request, field]) =>
            this.values.hostile(field.schema, this.sizes).map((value) => withValue(request, field, value)),
          )
      : this.validRequest(op);
    const arbitraries = [
      { arbitrary: this.validRequest(op), weight: 2 },
      { arbitrary: oneField, weight: 6 },
    ];
    if (op.body)
      arbitraries.push({
        arbitrary: fc
          .tuple(this.validRequest(op), this.wholeBody(op))
          .map(([r, body]) => ({ ...r, label: "whole body", body })),
        weight: 2,
      });
    return fc.oneof(...arbitraries);
  }

  /**
   * Cases every run sends whatever the seed: each path id at and past the integer range, NUL
   * bytes and lone surrogates in every string field at once, and a body that is not JSON; with
   * `everyField`, also each field with one hostile value of each kind.
   */
  examples(op: Operation, everyField = false): FuzzRequest[] {
    const [base] = fc.sample(this.validRequest(op), { seed: 17, numRuns: 1 });
    if (!base) return [];
    const cases: FuzzRequest[] = [];
    for (const p of op.parameters.filter((p) => p.in === "path")) {
      const schema = this.values.resolve(p.schema);
      const edges = schema.type === "integer" ? EDGE_IDS : ["\u0000", "\ud800", "x".repeat(this.sizes.longString)];
      for (const value of edges)
        cases.push({ ...base, label: `path ${p.name} = ${short(value)}`, path: { ...base.path, [p.name]: value } });
    }
    for (const [label, text] of [
      ["NUL", NUL_STRINGS[1] ?? "\u0000"],
      ["lone surrogate", SURROGATE_STRINGS[1] ?? "\ud800"],
    ] as const) {
      const query = Object.fromEntries(
        op.parameters
          .filter((p) => p.in === "query")
          .map((p) => [p.name, this.values.resolve(p.schema).type === "string" ? text : base.query[p.name]]),
      );
      const body =
        base.body && base.body.kind !== "raw"
          ? { ...base.body, value: replaceStrings(base.body.value, this.stringFields(op), text) }
          : base.body;
      cases.push({ ...base, label: `${label} in every string`, query, body } as FuzzRequest);
    }
    if (op.body)
      cases.push({
        ...base,
        label: "body not JSON",
        body: { kind: "raw", contentType: "application/json", text: "{" },
      });
    // The long run: every field, one hostile value of each kind, the others valid.
    if (everyField)
      for (const field of this.fieldTargets(op))
        for (const value of this.values.hostileList(field.schema, this.sizes))
          cases.push(withValue(base, field, value));
    return cases;
  }

  private parameterValues(op: Operation, where: "path" | "query"): fc.Arbitrary<Record<string, unknown>> {
    const record: Record<string, fc.Arbitrary<unknown>> = {};
    const required: string[] = [];
    for (const p of op.parameters.filter((p) => p.in === where)) {
      record[p.name] = this.values.valid(p.schema);
      if (p.required || where === "path") required.push(p.name);
    }
    return fc.record(record, { requiredKeys: required });
  }

  private validBody(op: Operation): fc.Arbitrary<FuzzRequest["body"]> {
    const body = op.body;
    if (!body) return fc.constant(undefined);
    const value = this.values.valid(body.schema);
    if (body.kind === "json") return value.map((v) => ({ kind: "json" as const, value: v }));
    return value.map((v) => ({ kind: body.kind as "multipart" | "form", value: (v ?? {}) as Record<string, unknown> }));
  }

  /** Whole bodies that are wrong in shape rather than in one field. */
  private wholeBody(op: Operation): fc.Arbitrary<FuzzRequest["body"]> {
    const depth = this.sizes.nesting;
    const raw = (contentType: string, text: string) => ({ kind: "raw" as const, contentType, text });
    const keys = Object.keys(this.values.resolve(op.body?.schema).properties ?? {});
    // Built when drawn, not when listed: some are megabytes.
    const bodies: (() => FuzzRequest["body"])[] = [
      () => raw("application/json", "{"),
      () => raw("application/json", ""),
      () => raw("application/json", "null"),
      () => raw("application/json", "[]"),
      () => raw("application/json", '"text"'),
      () => raw("application/json", "1e999"),
      () => raw("application/json", '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
      () => raw("application/json", `${"[".repeat(depth)}${"]".repeat(depth)}`),
      () => raw("application/json", `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
      () =>
        raw(
          "application/json",
          JSON.stringify(Object.fromEntries(keys.map((k) => [k, "x".repeat(this.sizes.longString)]))),
        ),
      () => raw("application/json", JSON.stringify(Array.from({ length: this.sizes.bigArray }, () => ({})))),
      () => raw("text/plain", "hello"),
      () => raw("application/x-www-form-urlencoded", "a=%00&b=%ED%A0%80"),
      () => raw("multipart/form-data", "--x\r\nnot really multipart"),
      () =>
        raw(
          "multipart/form-data; boundary=x",
          `--x\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n\u0000\r\n--x--\r\n`,
        ),
      () =>
        raw("application/xml", "<?xml version='1.0'?><!DOCTYPE a [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><a>&e;</a>"),
    ];
    return fc.oneof(
      fc.integer({ min: 0, max: bodies.length - 1 }).map((i) => bodies[i]?.()),
      this.values
        .valid(op.body?.schema ?? { type: "object" })
        .map((v) => ({ kind: "json" as const, value: v && typeof v === "object" ? { ...v, unexpected_field: 1 } : v })),
    );
  }

  /** Every field one hostile value can go into: path and query parameters and the body's leaves. */
  private fieldTargets(op: Operation): Field[] {
    const fields: Field[] = op.parameters.map((p) => ({
      where: p.in as "path" | "query",
      at: [p.name],
      schema: p.schema ?? {},
    }));
    if (op.body) for (const leaf of this.leaves(op.body.schema, [], 0)) fields.push({ where: "body", ...leaf });
    return fields;
  }

  private stringFields(op: Operation): (string | number)[][] {
    return op.body
      ? this.leaves(op.body.schema, [], 0)
          .filter((l) => this.values.resolve(l.schema).type === "string")
          .map((l) => l.at)
      : [];
  }

  /** The body's fields down to plain values (arrays stand for their first item), a few levels deep. */
  private leaves(input: Schema, at: (string | number)[], depth: number): { at: (string | number)[]; schema: Schema }[] {
    const schema = this.values.resolve(input);
    const self = at.length ? [{ at, schema }] : [];
    if (depth > 4) return self;
    if (schema.type === "object" && schema.properties)
      return [
        ...self,
        ...Object.entries(schema.properties).flatMap(([name, p]) => this.leaves(p, [...at, name], depth + 1)),
      ];
    if (schema.type === "array" && schema.items) return [...self, ...this.leaves(schema.items, [...at, 0], depth + 1)];
    return self;
  }
}

interface Field {
  where: "path" | "query" | "body";
  at: (string | number)[];
  schema: Schema;
}

/** The request with `value` put at one field (objects and arrays on the way are created as needed). */
function withValue(request: FuzzRequest, field: Field, value: unknown): FuzzRequest {
  const label = `${field.where} ${field.at.join(".")} = ${short(value)}`;
  if (field.where !== "body") {
    const name = String(field.at[0]);
    return { ...request, label, [field.where]: { ...request[field.where], [name]: value } };
  }
  const body = request.body;
  if (!body || body.kind === "raw") return { ...request, label };
  return { ...request, label, body: { ...body, value: setAt(body.value, field.at, value) } } as FuzzRequest;
}

function setAt(target: unknown, at: (string | number)[], value: unknown): unknown {
  const [head, ...rest] = at;
  if (head === undefined) return value;
  if (typeof head === "number") {
    const list = Array.isArray(target) ? [...target] : [];
    list[head] = setAt(list[head], rest, value);
    return list;
  }
  const object = target && typeof target === "object" && !Array.isArray(target) ? { ...target } : {};
  (object as Record<string, unknown>)[head] = setAt((object as Record<string, unknown>)[head], rest, value);
  return object;
}

function replaceStrings(target: unknown, fields: (string | number)[][], text: string): unknown {
  let value = target;
  for (const at of fields) value = setAt(value, at, text);
  return value;
}

/** A value short enough for a test name or a failure line. */
export function short(value: unknown): string {
  if (typeof value === "string")
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value);
  if (Array.isArray(value)) return value.length > 5 ? `[…${value.length} items]` : safeJson(value);
  return safeJson(value);
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 60 ? `${text.slice(0, 57)}…` : text;
  } catch {
    return "(deeply nested)";
  }
}
