import { data } from "@remix-run/node";
import { isSameOrigin, readFormBody } from "@repo/auth/remix/security";
import type { FieldError } from "@repo/contracts/envelope";
import { typedValues } from "./form-answer";

/**
 * The one way an action reads a form and answers it (docs/decisions/053): parse the form with the
 * contract's schema (`parseForm`), answer a refusal with the field messages and what was typed
 * (`formAnswers().fail`), carry the API's own field messages back (`fromApiError`), and, for the
 * signed-out pages, the Origin check that stands in for the session's CSRF token (`readPublicForm`).
 */

/** The message above a form whose fields the contract refused. */
export const CORRECT_THE_FIELDS = "Please correct the marked fields.";

/** A signed-out page's form posted from another site (its Origin is not this app's). */
export const FOREIGN_FORM = "This form was sent from another site. Reload the page and try again.";

/** One problem a schema found (zod's issue, as far as a form needs it). */
export interface FormIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What `parseForm` needs of a contract schema (a zod schema, without depending on zod here). */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { readonly issues: readonly FormIssue[] } };
}

/** An object schema: its keys are the form's fields. */
export interface FormObjectSchema<T> extends FormSchema<T> {
  readonly shape: Record<string, unknown>;
}

/** Names a field of the contract (its path, joined with ".") as the form names it. */
export type RenameField = (field: string) => string;

/** The schema's refusals as the form's field messages. */
export function issueErrors(issues: readonly FormIssue[], rename?: RenameField): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join(".");
    return { field: rename ? rename(field) : field, message: issue.message };
  });
}

export type ParsedForm<T> =
  | { ok: true; data: T; values: Record<string, string> }
  | { ok: false; errors: FieldError[]; values: Record<string, string> };

/** What a schema gives when it accepts (for a union of schemas, any of theirs). */
export type SchemaData<S extends FormSchema<unknown>> = Extract<ReturnType<S["safeParse"]>, { success: true }>["data"];

export interface ParseOptions {
  rename?: RenameField;
}

/**
 * Checks a form with the contract's schema. Given the FormData and an object schema, each of the
 * schema's fields is read as text ("" when absent) and `values` is what was typed (no passwords:
 * `typedValues`); given what the action built (numbers, lists, a JSON payload), that is checked
 * and `values` is empty.
 */
export function parseForm<S extends FormObjectSchema<unknown>>(
  form: FormData,
  schema: S,
  options?: ParseOptions,
): ParsedForm<SchemaData<S>>;
export function parseForm<S extends FormSchema<unknown>>(
  input: unknown,
  schema: S,
  options?: ParseOptions,
): ParsedForm<SchemaData<S>>;
export function parseForm(
  source: unknown,
  schema: FormSchema<unknown>,
  options: ParseOptions = {},
): ParsedForm<unknown> {
  let input = source;
  let values: Record<string, string> = {};
  if (source instanceof FormData) {
    const fields = Object.keys((schema as FormObjectSchema<unknown>).shape);
    input = Object.fromEntries(fields.map((field) => [field, String(source.get(field) ?? "")]));
    values = typedValues(source, fields);
  }
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data, values }
    : { ok: false, errors: issueErrors(parsed.error.issues, options.rename), values };
}

/** The part of the API's error envelope a form uses (`@repo/contracts/envelope`). */
export interface ApiErrorLike {
  message?: string;
  errors?: readonly FieldError[];
}

/** The API's field messages, named as the form names its fields; undefined when it sent none. */
export function fromApiError(error: ApiErrorLike | undefined, rename?: RenameField): FieldError[] | undefined {
  if (!error?.errors) return undefined;
  return error.errors.map((e) => (rename ? { field: rename(e.field), message: e.message } : { ...e }));
}

/** What every form's action answers: saved or why not, and the field messages. */
export interface FormAnswer {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

type Extra<T> = Partial<Omit<T, "ok" | "message" | "errors">>;

/**
 * The answers of one action: `common` goes into every answer (its `intent`), `refusal` into each
 * refusal besides (what was typed, `values`). `failFromApi` answers an API call that refused,
 * with its message (else `fallback`), its status and its field messages.
 */
export function formAnswers<T extends FormAnswer>(common: Extra<T> = {}, refusal: Extra<T> = {}) {
  const fail = (message: string, status: number, errors?: FieldError[]) =>
    data<T>({ ...common, ...refusal, ok: false, message, errors } as T, { status });
  return {
    fail,
    failFromApi: (call: { error?: ApiErrorLike; response: Response }, fallback: string, rename?: RenameField) =>
      fail(call.error?.message || fallback, call.response.status, fromApiError(call.error, rename)),
    done: (message: string, extra: Extra<T> = {}) => data<T>({ ...common, ok: true, message, ...extra } as T),
  };
}

/**
 * The form of a signed-out page (sign-in, registration, a forgotten password): no session, so no
 * CSRF token, and the Origin check is what stops another site posting it (docs/decisions/028).
 * Null when another site sent it; the body is not read then.
 */
export async function readPublicForm(request: Request, appOrigin: string): Promise<FormData | null> {
  if (!isSameOrigin(request, appOrigin)) return null;
  return readFormBody(request);
}
