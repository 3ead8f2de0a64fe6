import fc from "fast-check";

/** The part of OpenAPI 3.0's schema object that the API's document uses. */
export interface Schema {
  $ref?: string;
  type?: "string" | "integer" | "number" | "boolean" | "object" | "array";
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  example?: unknown;
}

/** PostgreSQL's `integer`: the type of every id column. */
export const INT4_MAX = 2_147_483_647;

/** Strings the database or the JSON and URL layers are known to choke on. */
export const NUL_STRINGS = ["\u0000", "a\u0000b", "%00", "\\u0000"];
export const SURROGATE_STRINGS = ["\ud800", "x\udfffy", "\udc00\ud800"];
/** A string long enough to cross any column or index limit (index rows stop near 2.7 KB). */
export const longString = (length: number) => "x".repeat(length);
const ODD_STRINGS = [
  "",
  " ",
  "\t\r\n",
  "😀👩‍👩‍👧‍👦",
  "𝟘𝟙𝟚",
  "\u202eevil",
  "<script>alert(1)</script>",
  "' OR '1'='1",
  "\\",
  "../../etc/passwd",
  "{{7*7}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  "${7*7}",
  "NaN",
  "null",
  "2024-02-30",
  "0000-00-00",
  "99999-12-31",
  "9999-99-99",
  "2024-13-45T25:61:61Z",
];
/** Numbers at and past the edges of PostgreSQL's integer, JavaScript's safe integers and doubles. */
export const EDGE_NUMBERS = [
  0,
  -1,
  1.5,
  INT4_MAX,
  INT4_MAX + 1,
  -INT4_MAX - 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e20,
  -1e20,
  1e308,
  5e-324,
];
/** Numbers written as text, as a path or query parameter carries them. */
const EDGE_NUMBER_TEXTS = ["abc", "1e20", "1e400", "-0", "0x10", "1.0", " 1", "1 ", "+1", "Infinity", "9".repeat(40)];

/** Files for upload fields: each kind the API takes, one it never should, and empty and lying ones. */
const FILE_SAMPLES = [
  { $file: true, name: "students.csv", type: "text/csv", content: "first_name,last_name\nAsha,Rao\n" },
  { $file: true, name: "empty.csv", type: "text/csv", content: "" },
  { $file: true, name: "nul.csv", type: "text/csv", content: "a\u0000b,c\n\u0000,\u0000\n" },
  { $file: true, name: "photo.png", type: "image/png", content: "\u0089PNG\r\n\u001a\n" },
  { $file: true, name: "brochure.pdf", type: "application/pdf", content: "%PDF-1.4\n%%EOF\n" },
  {
    $file: true,
    name: "book.xlsx",
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    content: "PK\u0003\u0004",
  },
  {
    $file: true,
    name: "image.svg",
    type: "image/svg+xml",
    content: "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
  },
  { $file: true, name: "../../etc/passwd", type: "text/plain", content: "x" },
];

/** Values for the fields of one OpenAPI document: valid ones, edges of the declared limits, and hostile ones. */
export class SchemaValues {
  /** The big hostile values, built once. */
  private readonly big = new Map<string, unknown>();

  constructor(private readonly components: Record<string, Schema>) {}

  private once<T>(key: string, build: () => T): T {
    if (!this.big.has(key)) this.big.set(key, build());
    return this.big.get(key) as T;
  }

  /** Follows `$ref` and merges `allOf`, so callers see one plain schema. */
  resolve(schema: Schema | undefined): Schema {
    if (!schema) return {};
    if (schema.$ref) return this.resolve(this.components[schema.$ref.replace("#/components/schemas/", "")]);
    if (schema.allOf) {
      const parts = schema.allOf.map((part) => this.resolve(part));
      const { allOf: _, ...rest } = schema;
      return Object.assign({}, ...parts, rest);
    }
    return schema;
  }

  /** Values the schema accepts (as far as its JSON Schema says; refinements it cannot say may still refuse them). */
  valid(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices?.length) return fc.oneof(...choices.map((choice) => this.valid(choice, depth + 1)));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    if (schema.format === "binary") return fc.constantFrom(...FILE_SAMPLES);
    const plain = this.validPlain(schema, depth);
    const withExample = schema.example !== undefined ? fc.oneof(fc.constant(schema.example), plain) : plain;
    return schema.nullable ? fc.option(withExample, { nil: null, freq: 8 }) : withExample;
  }

  private validPlain(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    switch (schema.type) {
      case "integer":
      case "number": {
        const range = numberRange(schema);
        const [min, max] = [Math.ceil(range.min), Math.floor(range.max)];
        // Ids in the demo data are small: most valid numbers are, so that they meet real rows.
        const low = Math.max(min, Math.min(max, 1));
        const small = fc.integer({ min: low, max: Math.max(low, Math.min(max, low + 20)) });
        const any = fc.integer({ min: Math.max(min, -INT4_MAX - 1), max: Math.min(max, INT4_MAX) });
        const integer = fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: any, weight: 1 });
        if (schema.type === "integer") return integer;
        return fc.oneof(integer, fc.double({ min: range.min, max: range.max, noNaN: true, noDefaultInfinity: true }));
      }
      case "boolean":
        return fc.boolean();
      case "array": {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, minLength + 4));
        if (depth > 6) return fc.constant([]);
        return fc.array(this.valid(schema.items, depth + 1), { minLength, maxLength });
      }
      case "object": {
        if (depth > 6) return fc.constant({});
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [name, property] of Object.entries(properties)) record[name] = this.valid(property, depth + 1);
        return fc.record(record, { requiredKeys: [...required].filter((name) => name in properties) });
      }
      default:
        return this.validString(schema);
    }
  }

  private validString(schema: Schema): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
    if (schema.format === "date")
      return fc
        .date({ min: new Date("1990-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    if (schema.format === "date-time")
      return fc
        .date({ min: new Date("1990-01-01"), max: new Date("2035-12-31"), noInvalidDate: true })
        .map((d) => d.toISOString());
    if (schema.format === "email") return fc.emailAddress();
    if (schema.pattern) {
      try {
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
      } catch {
        // A pattern fast-check cannot invert: plain strings, which the schema will mostly refuse.
      }
    }
    return fc.string({ minLength, maxLength, unit: "grapheme" });
  }

  /** The edges of what the schema declares, on both sides: lengths, ranges, sizes and null. */
  boundary(input: Schema | undefined): unknown[] {
    const schema = this.resolve(input);
    const values: unknown[] = [null, undefined];
    switch (schema.type) {
      case "integer":
      case "number": {
        const { min, max } = numberRange(schema);
        for (const edge of [min, max])
          if (Number.isFinite(edge)) values.push(edge, edge - 1, edge + 1, edge - 0.5, edge + 0.5);
        break;
      }
      case "array": {
        values.push([]);
        if (schema.maxItems !== undefined) {
          const item = fc.sample(this.valid(schema.items), { seed: 1, numRuns: 1 })[0];
          values.push(Array.from({ length: schema.maxItems + 1 }, () => item));
        }
        break;
      }
      case "object":
        values.push({}, []);
        break;
      case "boolean":
        values.push("true", 0, 1);
        break;
      default:
        values.push("", " ".repeat(Math.max(1, schema.minLength ?? 1)));
        if (schema.minLength) values.push("x".repeat(schema.minLength - 1), "x".repeat(schema.minLength));
        if (schema.maxLength !== undefined) values.push("x".repeat(schema.maxLength), "x".repeat(schema.maxLength + 1));
    }
    return values;
  }

  /**
   * Values a caller must never be able to turn into a 5xx: wrong types, numbers past every range,
   * NUL bytes, lone surrogates, odd text, long strings, big arrays and deep nesting.
   */
  hostile(input: Schema | undefined, sizes: FuzzSizes): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    const numeric = schema.type === "integer" || schema.type === "number";
    const strings = [...NUL_STRINGS, ...SURROGATE_STRINGS, ...ODD_STRINGS, ...EDGE_NUMBER_TEXTS];
    const typed: fc.Arbitrary<unknown>[] = numeric
      ? [fc.constantFrom(...EDGE_NUMBERS), fc.constantFrom(...EDGE_NUMBER_TEXTS, ...NUL_STRINGS)]
      : [fc.constantFrom(...strings), fc.string({ unit: "binary", maxLength: 30 })];
    return fc.oneof(
      { arbitrary: fc.oneof(...typed), weight: 4 },
      { arbitrary: fc.constantFrom(...this.boundary(schema)), weight: 2 },
      {
        arbitrary: fc.constantFrom<unknown>(...EDGE_NUMBERS, true, false, null, [], {}, [null], { "": null }),
        weight: 2,
      },
      { arbitrary: fc.constant(this.once(`long${sizes.longString}`, () => longString(sizes.longString))), weight: 1 },
      // As a value, as deep as JSON.stringify goes; deeper bodies are sent as text (OperationFuzzer.wholeBody).
      {
        arbitrary: fc.constant(this.once(`deep${sizes.nesting}`, () => nested(Math.min(sizes.nesting, 1_000)))),
        weight: 1,
      },
      {
        arbitrary: fc.constant(
          this.once(`array${sizes.bigArray}`, () => Array.from({ length: sizes.bigArray }, (_, i) => i + 1)),
        ),
        weight: 1,
      },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    );
  }

  /** The hostile values every field gets in a systematic run: one of each kind, no randomness. */
  hostileList(input: Schema | undefined, sizes: FuzzSizes): unknown[] {
    const schema = this.resolve(input);
    const numeric = schema.type === "integer" || schema.type === "number";
    return [
      ...this.boundary(schema),
      ...(numeric
        ? [0, -1, 1.5, INT4_MAX + 1, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308, "abc", "1e400", "9".repeat(40)]
        : [INT4_MAX + 1, "2024-02-30", "9999-99-99", "\u202eevil", "😀👩‍👩‍👧‍👦", "' OR '1'='1", "\\"]),
      NUL_STRINGS[1],
      SURROGATE_STRINGS[1],
      true,
      [],
      {},
      this.once(`long${sizes.longString}`, () => longString(sizes.longString)),
    ];
  }
}

/** How big the hostile values get: small enough for the test suite, bigger in the bench. */
export interface FuzzSizes {
  longString: number;
  nesting: number;
  bigArray: number;
}

function numberRange(schema: Schema): { min: number; max: number } {
  let min = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : (schema.minimum ?? -1e9);
  let max = typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : (schema.maximum ?? 1e9);
  const step = schema.type === "integer" ? 1 : 0.01;
  if (schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === "number") min += step;
  if (schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === "number") max -= step;
  return { min, max };
}

/** `{"a":{"a":…}}` `depth` levels deep, built without recursion. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
}
