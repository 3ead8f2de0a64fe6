import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { invalidField } from "./errors";
import { readForm } from "./multipart";

/** What PostgreSQL cannot store in text or JSON: the NUL character, and half a UTF-16 pair. */
export type Unstorable = "nul" | "surrogate";

/** Half a surrogate pair (String.prototype.isWellFormed, which this TypeScript target lacks). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const flaw = (text: string): Unstorable | null =>
  text.includes("\u0000") ? "nul" : LONE_SURROGATE.test(text) ? "surrogate" : null;

/**
 * The first string (or key) in a JSON value that PostgreSQL cannot store, with its path. A loop,
 * not recursion: a body may be nested 100,000 levels deep, more than the call stack holds.
 */
export function unstorableText(value: unknown, path = ""): { field: string; flaw: Unstorable } | null {
  // Each entry: the value, its path, and the key it sits under (a key can hold a NUL too).
  const pending: [unknown, string, string | undefined][] = [[value, path, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, at, key] = next;
    const inKey = key === undefined ? null : flaw(key);
    if (inKey) return { field: at, flaw: inKey };
    if (typeof item === "string") {
      const found = flaw(item);
      if (found) return { field: at || "body", flaw: found };
    } else if (item && typeof item === "object") {
      const entries: [string | number, unknown][] = Array.isArray(item) ? [...item.entries()] : Object.entries(item);
      // Reversed onto the stack, so fields are checked (and reported) in their order.
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, child] = entries[i] as [string | number, unknown];
        pending.push([child, at ? `${at}.${name}` : String(name), typeof name === "string" ? name : undefined]);
      }
    }
  }
  return null;
}

/** The 400 that names the field holding unstorable text. */
export const refuseUnstorable = ({ field, flaw }: { field: string; flaw: Unstorable }) =>
  invalidField(
    field,
    flaw === "nul"
      ? `${field} cannot contain NUL characters (\\u0000)`
      : `${field} holds a broken character (half of a UTF-16 surrogate pair): send valid Unicode text`,
    400,
  );

/**
 * PostgreSQL text cannot hold the NUL character, and its JSON refuses a lone surrogate (`\ud800`):
 * either reached the database as a 500. Every route refuses them here, after the permission check
 * and before its validators, naming the field: path and query parameters, JSON bodies and the text
 * fields of forms (files may hold any bytes). See docs/decisions/029-hostile-input.md.
 */
export const refuseUnstorableText = createMiddleware<AppEnv>(async (c, next) => checkStorableText(c, next, true));

/** The same check for routes that read their form as it streams (http/streamed-form.ts checks its fields). */
export const refuseUnstorableTextOutsideForm = createMiddleware<AppEnv>(async (c, next) =>
  checkStorableText(c, next, false),
);

async function checkStorableText(c: Context<AppEnv>, next: Next, forms: boolean) {
  const inParams = unstorableText(c.req.param());
  if (inParams) throw refuseUnstorable(inParams);
  const inQuery = unstorableText(c.req.queries());
  if (inQuery) throw refuseUnstorable({ ...inQuery, field: inQuery.field.replace(/\.\d+$/, "") });
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await c.req.text()); // cached: the validator reads the same text again
    } catch {
      parsed = undefined; // the validator answers 400 for a body that is not JSON
    }
    const inBody = unstorableText(parsed);
    if (inBody) throw refuseUnstorable(inBody);
  } else if (forms && (type === "multipart/form-data" || type === "application/x-www-form-urlencoded")) {
    // Hono keeps the parsed form: the route's parseBody reads the same one again. A body that is
    // no form is left to the route (its own 400); Hono's cache must not keep the failure, or the
    // route's validator awaits it outside its own error handling (a 500).
    // A multipart body is read by readForm (decision 046), whose form parseBody then gives back.
    if (type === "multipart/form-data") await readForm(c).catch(() => undefined);
    const form = await c.req.parseBody({ all: true }).catch(() => {
      delete c.req.bodyCache.formData;
      return undefined;
    });
    for (const [name, value] of Object.entries(form ?? {})) {
      const texts = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
      const found = flaw(name) ?? texts.map(flaw).find(Boolean);
      if (found) throw refuseUnstorable({ field: name, flaw: found });
    }
  }
  await next();
}
