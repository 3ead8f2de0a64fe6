import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../context";
import { receivedForm } from "./multipart";
import { refuseUnstorable, unstorableText } from "./unstorable";

/**
 * PostgreSQL text cannot hold the NUL character, and its JSON refuses a lone surrogate (`\ud800`):
 * either reached the database as a 500. Every route refuses them here, after the permission check
 * and before its validators, naming the field: path and query parameters, JSON bodies and the text
 * fields and file names of forms (a file's bytes may be anything). See docs/decisions/029-hostile-input.md.
 */
export const refuseUnstorableText = (formFile?: string) =>
  createMiddleware<AppEnv>(async (c, next) => checkStorableText(c, next, { file: formFile }));

/** The same check for routes that stream their form (kernel/http/multipart.ts streamForm checks its text). */
export const refuseUnstorableTextOutsideForm = createMiddleware<AppEnv>(async (c, next) =>
  checkStorableText(c, next, undefined),
);

/** `form`: read the form here (its file field names the 400 for a body that is no form). */
async function checkStorableText(c: Context<AppEnv>, next: Next, form: { file?: string } | undefined) {
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
  } else if (form && (type === "multipart/form-data" || type === "application/x-www-form-urlencoded")) {
    // The one reader (kernel/http/multipart.ts, decisions 046 and 047) reads the form once, here, and
    // refuses unstorable text in its field names, values and file names, naming the field; a body
    // that is no form is a 400 naming the file field. The route and Hono's form validator read
    // the same form again.
    await receivedForm(c, form.file);
  }
  await next();
}
