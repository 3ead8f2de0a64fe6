import type { paths } from "@repo/api-client";
import { getRole, ROLE } from "@repo/auth/roles";
import type { UserRecord } from "@repo/contracts/auth";
import { vi } from "vitest";
import { auth } from "../auth.server";

/**
 * Unit tests of an app's `<feature>.server.ts` (loaders and actions) against a stubbed API: the
 * real guards, sessions and typed client run; only `fetch` to the API is replaced. The test file
 * names its app before anything imports it:
 *
 *   vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "school" }));
 */

/** An answer written as a function: for files, failures of the connection, or what depends on the request. */
export type AnswerFunction = (request: Request) => Response | Promise<Response>;

/** Any answer; a stub's answers are checked against the route they stand for (`stubApi`). */
export type ApiAnswer = { status?: number; body: unknown } | AnswerFunction;

type Method = "get" | "put" | "post" | "delete" | "patch";
/** `/api/x/{id}` → `/api/x/${string}`: the addresses a stub names, with their ids filled in. */
type Address<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Address<Tail>}`
  : P;
/** Every operation of the generated client (packages/api-client), keyed as stubs name them: `METHOD /api/path`. */
type ApiRoute = {
  [P in keyof paths & string]: {
    [M in Method]: [Exclude<paths[P][M], undefined>] extends [never]
      ? never
      : { key: `${Uppercase<M>} ${Address<P>}`; operation: Exclude<paths[P][M], undefined> };
  }[Method];
}[keyof paths & string];
/** The routes an address can stand for: the one written without ids if there is one, else those with ids. */
type RoutesFor<K extends string, R = ApiRoute> = [Extract<R, { key: K }>] extends [never]
  ? R extends { key: infer Key extends string }
    ? K extends Key
      ? R
      : never
    : never
  : Extract<R, { key: K }>;
/**
 * The fields of an answer and their kinds; a fixture written beside the test (a plain object) has
 * `string` where the contract has a list of values, so those values are not compared.
 */
type DeepPartial<T> = T extends boolean
  ? boolean
  : T extends string
    ? string
    : T extends number
      ? number
      : T extends readonly (infer I)[]
        ? readonly DeepPartial<I>[]
        : T extends object
          ? { [F in keyof T]?: DeepPartial<T[F]> }
          : T;
/** What any of an operation's answers (success or error) may hold; a stub may leave out what its test does not read. */
type AnswerBody<O> = O extends { responses: infer Responses }
  ? {
      [S in keyof Responses]: Responses[S] extends { content: { "application/json": infer B } }
        ? DeepPartial<B>
        : never;
    }[keyof Responses]
  : never;
/** A stub's answer for address `K`: its body as the route declares it, or a function; an address the API does not serve is a type error. */
export type AnswerFor<K extends string> = [RoutesFor<K>] extends [never]
  ? `the API has no route ${K} (packages/api-client)`
  : { status?: number; body: AnswerBody<RoutesFor<K>["operation"]> } | AnswerFunction;

/** A signed-in user record as GET /api/user answers it; override what the test cares about. */
export function userRecord(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 7,
    role_id: ROLE.school,
    role_name: getRole(ROLE.school).name,
    username: "school",
    email: "office@example.org",
    name: "Demo School",
    profile_photo: null,
    profile: { full_name: null, designation: null, team: null },
    company_logo: null,
    is_active: 1,
    zone: "W",
    country_id: 1,
    mobile: null,
    mobile_verified: false,
    must_change_password: false,
    user_detail: {
      name: "Demo School",
      profile_photo: null,
      school_category_id: 2,
      school_name: "Demo School",
      referred_student: 0,
      assignments: [],
      school_email: { address: "office@example.org", verified: true },
    },
    ...overrides,
  };
}

export interface StubbedApi {
  /** Every request the code under test sent to the API, in order. */
  calls: { method: string; path: string; body: unknown }[];
  restore(): void;
}

/** A JSON body parsed; anything else (a multipart upload) as its text. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces `fetch` with answers keyed by `METHOD /api/path` (the path without its query).
 * An unexpected call fails the test with its name, so a test states every call it allows.
 * The addresses and answers are typed by the generated client's paths: a stub of a route or
 * method the API does not have, or an answer that is not the route's shape, fails the typecheck.
 */
export function stubApi<const A extends Record<string, unknown>>(
  answers: {
    [K in keyof A]: K extends string ? AnswerFor<K> : never;
  },
): StubbedApi {
  const calls: StubbedApi["calls"] = [];
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname}`;
    const text = await request.clone().text();
    calls.push({ method: request.method, path: url.pathname + url.search, body: text ? jsonOrText(text) : undefined });
    const answer = (answers as Record<string, ApiAnswer | undefined>)[key];
    if (!answer) throw new Error(`Unexpected API call ${key}`);
    if (typeof answer === "function") return answer(request);
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return { calls, restore: () => spy.mockRestore() };
}

/** `{ status, message, data }`, as the API answers. */
export const envelope = <const T>(data: T, message = "OK"): { status: boolean; message: string; data: T } => ({
  status: true,
  message,
  data,
});

/** The answer GET /api/user gives for `user`. */
export const signedInAs = (user: UserRecord = userRecord()) => ({ body: envelope(user) });

export const CSRF = "test-csrf-token";

/** A Cookie header for a signed-in session of the app under test. */
export async function sessionCookie(token = "test-token"): Promise<string> {
  const session = await auth.getSession(new Request("http://app.invalid/"));
  session.set("token", token);
  session.set("csrf", CSRF);
  const setCookie = await auth.commit(session);
  return setCookie.split(";")[0] ?? "";
}

/** A request to the app under test: GET by default; with `form`, a same-origin POST carrying the CSRF token. */
export async function appRequest(path: string, options: { form?: Record<string, string>; signedIn?: boolean } = {}) {
  const headers = new Headers();
  if (options.signedIn !== false) headers.set("Cookie", await sessionCookie());
  const url = new URL(path, auth.appOrigin);
  if (!options.form) return new Request(url, { headers });
  headers.set("Origin", auth.appOrigin);
  const body = new URLSearchParams({ csrf: CSRF, ...options.form });
  return new Request(url, { method: "POST", headers, body });
}

/** Runs a loader or action and returns what it threw or answered, as a Response or data. */
export async function settle<T>(
  run: () => Promise<T>,
): Promise<{ thrown: Response | undefined; value: T | undefined }> {
  try {
    return { thrown: undefined, value: await run() };
  } catch (error) {
    if (error instanceof Response) return { thrown: error, value: undefined };
    throw error;
  }
}
