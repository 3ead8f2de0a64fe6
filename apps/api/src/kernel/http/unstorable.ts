import { invalidField } from "./errors";

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
