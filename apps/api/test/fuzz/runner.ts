import { can, type Permission, type Subject } from "@repo/auth/permissions";
import { ROLES } from "@repo/auth/roles";
import fc from "fast-check";
import { ROUTE_ACCESS } from "../../src/kernel/http/routes";
import { type FuzzRequest, type Operation, OperationFuzzer, operationsOf, short } from "./operations";
import type { FuzzSizes } from "./schema-values";

/** Sends one request to the API (in-process `app.request`, or fetch against a server). */
export type Send = (path: string, init: RequestInit) => Promise<Response>;

export interface FuzzOptions {
  seed: number;
  /** Random cases per operation and caller that may call it. */
  runs: number;
  /** An answer slower than this is a hang. */
  timeoutMs: number;
  sizes: FuzzSizes;
  password: string;
  /** Every field gets one hostile value of each kind, besides the random cases (the bench). */
  everyField?: boolean;
  /** Shrink a failing case to a smaller one (more requests; the bench does, the test does not). */
  shrink?: boolean;
  /** What the API logged for a request id (the cause of a 5xx), when the caller collects its log. */
  explain?: (requestId: string) => string | undefined;
}

/** What a request must never produce, checked on every answer. */
export interface Finding {
  operation: string;
  caller: string;
  request: string;
  problem: string;
}

/** Signs of an internal error leaking out, in any answer: a stack or a module path. */
const LEAKS: [RegExp, string][] = [
  // "at " alone would flag "at most 100 characters": a stack frame is "at name (file:line:col)".
  [/\bat (?:async )?[\w$.<>[\]]+ \(.*:\d+:\d+\)|\n\s+at \S/, "a stack trace"],
  [/node_modules/, "a module path"],
];
/**
 * And in error answers: SQL, the database's messages, the names of the parts inside. (A 200 may
 * carry them as data: the health check names its database driver, a notice may say "select".)
 */
const ERROR_LEAKS: [RegExp, string][] = [
  [/\bselect\b[\s\S]{0,200}\bfrom\b|\binsert into\b|\bupdate \w+ set\b|\bdelete from\b/i, "SQL text"],
  [
    /violates|syntax error|invalid input syntax|out of range for type|invalid byte sequence|unsupported Unicode escape/i,
    "a database error",
  ],
  [
    /PGlite|drizzle|postgres(?:ql)? error|DrizzleQueryError|ZodError|TypeError|RangeError|ReferenceError/i,
    "an internal name",
  ],
];

export function problemsOf(status: number, contentType: string, text: string, request: FuzzRequest): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
  // Binary answers (PDF, XLSX) are the caller's own documents; JSON and text are read.
  if (/json|text|html/.test(contentType) || !contentType) {
    const echoed = safeStringify(request);
    for (const [pattern, what] of status >= 400 ? [...LEAKS, ...ERROR_LEAKS] : LEAKS) {
      const match = text.match(pattern)?.[0];
      // A list may show back what the caller stored (a name it chose): only text it did not send counts.
      if (match && !echoed.includes(match.slice(0, 20)))
        problems.push(`the answer shows ${what}: …${match.slice(0, 120)}…`);
    }
  }
  return problems;
}

/** A caller: anonymous, or a demo user signed in to its own app. */
export interface Caller {
  label: string;
  username?: string;
  app?: string;
  token?: string;
  subject?: Subject;
  /** Why it can no longer sign in (an earlier operation deleted, deactivated or reset it). */
  lost?: string;
  /** The operation during which its session ended. */
  signedOutIn?: string;
}

/**
 * Fuzzes every operation of the API's OpenAPI document. Operations run one after another: reads
 * first, then writes, then deletes, and sign-out and password changes last, so the callers keep
 * their sessions and the data stays mostly whole until the end.
 */
export class ApiFuzzer {
  readonly operations: Operation[];
  private readonly fuzzer: OperationFuzzer;
  private readonly callers = new Map<string, Caller>();

  constructor(
    private readonly send: Send,
    document: unknown,
    private readonly options: FuzzOptions,
  ) {
    this.operations = operationsOf(document as Parameters<typeof operationsOf>[0]).sort(
      (a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key),
    );
    this.fuzzer = new OperationFuzzer(document as Parameters<typeof operationsOf>[0], options.sizes);
  }

  /**
   * After an operation: which signed-in callers it signed out (a password reset, a deactivation),
   * so that a caller left out can be traced to the operation that did it.
   */
  async afterOperation(op: Operation): Promise<void> {
    for (const caller of this.callers.values()) {
      if (!caller.token) continue;
      const me = await this.send("/api/user", { headers: { Authorization: `Bearer ${caller.token}` } });
      await me.body?.cancel();
      if (me.status === 401) {
        caller.token = undefined;
        caller.signedOutIn = op.key;
      }
    }
  }

  /** The callers that could not sign in again after an operation changed them. */
  lostCallers(): Caller[] {
    return [...this.callers.values()].filter((c) => c.lost);
  }

  /** Anonymous, a school and an admin (the brief's three), and the first demo role that may call each other operation. */
  async callersFor(op: Operation): Promise<Caller[]> {
    const access = ROUTE_ACCESS.get(op.key);
    const callers = [await this.caller("anonymous"), await this.caller("school"), await this.caller("admin")];
    if (access && access !== "public" && !callers.some((c) => c.subject && can(c.subject, access as Permission))) {
      const holder = ROLES.find((role) =>
        can({ roleId: role.id, isGcc: false, referredStudents: 100 }, access as Permission),
      );
      if (holder) callers.push(await this.caller(holder.demoUsername));
    }
    // A caller that cannot sign in any more is left out (the bench reports it); the rest go on.
    return callers.filter((c) => !c.lost);
  }

  /** Whether the caller gets past the operation's permission check (else one case is enough: it is refused first). */
  mayCall(op: Operation, caller: Caller): boolean {
    const access = ROUTE_ACCESS.get(op.key);
    if (!access || access === "public") return true;
    return caller.subject !== undefined && can(caller.subject, access as Permission);
  }

  /** Runs one operation for one caller; the first problem found, if any. */
  async fuzz(op: Operation, caller: Caller, withExamples: boolean): Promise<Finding | undefined> {
    const allowed = this.mayCall(op, caller);
    const examples = withExamples && allowed ? this.fuzzer.examples(op, this.options.everyField) : [];
    let finding: Finding | undefined;
    const property = fc.asyncProperty(this.fuzzer.requests(op), async (request) => {
      const problem = await this.check(op, caller, request);
      if (problem) {
        finding = { operation: op.key, caller: caller.label, request: describe(request), problem };
        return false;
      }
      return true;
    });
    await fc.check(property, {
      seed: this.options.seed,
      // fast-check counts the examples in numRuns: the random cases come on top of them.
      numRuns: allowed ? examples.length + this.options.runs : 1,
      examples: examples.map((e) => [e] as [FuzzRequest]),
      endOnFailure: !this.options.shrink,
    });
    return finding;
  }

  /** Sends one request and says what is wrong with its answer, if anything. */
  async check(op: Operation, caller: Caller, request: FuzzRequest): Promise<string | undefined> {
    const { url, init } = this.build(op, request);
    if (caller.token) (init.headers as Record<string, string>).Authorization = `Bearer ${caller.token}`;
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), this.options.timeoutMs);
    });
    try {
      const response = await Promise.race([this.send(url, init), timeout]);
      if (response === "timeout") return `no answer within ${this.options.timeoutMs} ms`;
      const text = await Promise.race([response.text(), timeout]);
      if (text === "timeout") return `the answer did not finish within ${this.options.timeoutMs} ms`;
      // The caller lost its session (an operation signed it out): sign in again for the next one.
      if (response.status === 401 && caller.token) {
        caller.token = undefined;
        caller.signedOutIn = op.key;
      }
      const problems = problemsOf(response.status, response.headers.get("content-type") ?? "", text, request);
      if (!problems.length) return undefined;
      const cause = this.options.explain?.(response.headers.get("x-request-id") ?? "");
      return `${problems.join("; ")} (${Math.round(performance.now() - started)} ms)${cause ? ` — logged: ${cause}` : ""}`;
    } catch (error) {
      return `the request threw: ${(error as Error).message}`;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The caller, signed in (again, if an earlier operation ended its session). */
  async caller(username: string): Promise<Caller> {
    let caller = this.callers.get(username);
    if (!caller) {
      caller = { label: username, username: username === "anonymous" ? undefined : username };
      if (caller.username) caller.app = ROLES.find((r) => r.demoUsername === username)?.app ?? "school";
      this.callers.set(username, caller);
    }
    if (caller.username && !caller.token && !caller.lost) await this.signIn(caller);
    return caller;
  }

  private async signIn(caller: Caller) {
    const response = await this.send("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: caller.username, password: this.options.password, app: caller.app }),
    });
    const body = (await response.json()) as { data?: { token: string }; message?: string };
    if (!response.ok || !body.data) {
      caller.lost = `could not sign in again after ${caller.signedOutIn} (${response.status}: ${body.message})`;
      return;
    }
    caller.token = body.data.token;
    const me = await this.send("/api/user", { headers: { Authorization: `Bearer ${caller.token}` } });
    const user = ((await me.json()) as { data: { zone?: string; user_detail?: { referred_student?: number } } }).data;
    const role = ROLES.find((r) => r.demoUsername === caller.username);
    if (role)
      caller.subject = {
        roleId: role.id,
        isGcc: user.zone === "GCC",
        referredStudents: user.user_detail?.referred_student ?? 0,
      };
  }

  /** The URL and fetch options of a request. */
  build(op: Operation, request: FuzzRequest): { url: string; init: RequestInit } {
    const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodePart(text(request.path[name])));
    const query: string[] = [];
    for (const [name, value] of Object.entries(request.query)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value])
        query.push(`${encodePart(name)}=${encodePart(text(item))}`);
    }
    const headers: Record<string, string> = {};
    const init: RequestInit = { method: op.method, headers };
    const body = request.body;
    if (body?.kind === "json") {
      headers["Content-Type"] = "application/json";
      init.body = safeStringify(body.value) ?? "";
    } else if (body?.kind === "raw") {
      headers["Content-Type"] = body.contentType;
      init.body = body.text;
    } else if (body?.kind === "form") {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      init.body = Object.entries(body.value ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${encodePart(k)}=${encodePart(text(v))}`)
        .join("&");
    } else if (body?.kind === "multipart") {
      const form = new FormData();
      for (const [name, value] of Object.entries(body.value ?? {})) {
        if (value === undefined) continue;
        if (isFile(value)) form.append(name, new Blob([value.content], { type: value.type }), value.name);
        else for (const item of Array.isArray(value) ? value : [value]) form.append(name, text(item));
      }
      init.body = form;
    }
    return { url: query.length ? `${path}?${query.join("&")}` : path, init };
  }
}

/**
 * Reads first, then writes, then deletes, then what switches accounts off, and what ends a
 * session or changes a password last of all (a reset locks its user out: see `signsOut`).
 */
function rank(op: Operation): number {
  if (op.method === "GET") return 0;
  if (signsOut(op)) return 5;
  if (/deactivate|status/.test(op.path)) return 4;
  return op.method === "DELETE" ? 3 : 1;
}

/** Operations that may sign a caller out for good (its own sign-out, a password reset): they run last. */
export const signsOut = (op: Operation) => op.method !== "GET" && /logout|password/.test(op.path);

export interface FileValue {
  $file: true;
  name: string;
  type: string;
  content: string;
}
const isFile = (value: unknown): value is FileValue =>
  typeof value === "object" && value !== null && (value as FileValue).$file === true;

const text = (value: unknown): string =>
  typeof value === "string"
    ? value
    : value !== null && typeof value === "object"
      ? safeStringify(value)
      : String(value);

/** JSON text, or "[]" for a value too deep for JSON.stringify's stack. */
function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "null";
  } catch {
    return "[]";
  }
}

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its raw (invalid) UTF-8 bytes. */
export function encodePart(value: string): string {
  let out = "";
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const u = ch.charCodeAt(0);
      out += [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join("");
    }
  }
  return out;
}

function describe(request: FuzzRequest): string {
  const parts = [request.label];
  if (Object.keys(request.path).length) parts.push(`path ${short(request.path)}`);
  if (Object.keys(request.query).length) parts.push(`query ${short(request.query)}`);
  if (request.body)
    parts.push(`body ${request.body.kind === "raw" ? short(request.body.text) : short(request.body.value)}`);
  return parts.join(" · ");
}
