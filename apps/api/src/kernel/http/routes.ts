import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { errorEnvelopeSchema } from "@repo/contracts/envelope";
import { type Access, requireAccess } from "../auth/middleware";
import { type BodyLimit, JSON_BODY_LIMIT, limitBody } from "./body-limit";
import { holdImportSlot } from "./import-slots";
import { named } from "./schemas";
import { refuseUnstorableText, refuseUnstorableTextOutsideForm } from "./storable-text";
import { emptyBodyAsJson } from "./validation";

/**
 * Every API route is declared through `apiRoute`, which records who may call it. The registry is
 * what the authorization-matrix test walks: a route without an entry cannot exist.
 */
export const ROUTE_ACCESS = new Map<string, Access>();

const errorSchema = named(errorEnvelopeSchema, "ErrorEnvelope");

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorSchema } },
});

const retryAfter = {
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" as const } },
};

const standardErrors = (access: Access) => ({
  400: errorResponse("The request is invalid; `errors` names each field"),
  ...(access === "public"
    ? {}
    : {
        401: errorResponse("No valid sign-in: send a bearer token from POST /api/login"),
        403: errorResponse("The signed-in role may not do this"),
      }),
  500: errorResponse("Something went wrong on our side"),
  503: {
    ...errorResponse("The database cannot be reached right now (a restart); try again after `Retry-After` seconds"),
    headers: retryAfter,
  },
});

const importBusy = {
  ...errorResponse(
    "Another upload of this account is still being read, or the portal reads as many as it can at once; try again after `Retry-After` seconds",
  ),
  headers: retryAfter,
};

/**
 * `options.bodyLimit`: how large a body the route reads (an upload's `uploadLimit`); JSON routes
 * keep the small default. Access is checked first, so an anonymous caller's body is never read.
 */
export function apiRoute<const R extends Omit<RouteConfig, "middleware" | "security">>(
  access: Access,
  config: R,
  options: { bodyLimit?: BodyLimit; streamsForm?: boolean; spreadsheetUpload?: boolean } = {},
) {
  const key = `${config.method.toUpperCase()} ${config.path}`;
  ROUTE_ACCESS.set(key, access);
  const route = createRoute({
    ...config,
    // Who may call it first, then how large a body it may send, then text PostgreSQL cannot store
    // (NUL, lone surrogates), then the route's own validators.
    // A route that streams its form (kernel/http/multipart.ts streamForm, decision 047) checks the form's text itself:
    // parsing it here would hold the whole body. A spreadsheet import holds one of the few reading
    // slots (decision 046), taken before its body is read.
    middleware: [
      requireAccess(access),
      ...(options.spreadsheetUpload ? [holdImportSlot] : []),
      limitBody(options.bodyLimit ?? JSON_BODY_LIMIT),
      options.streamsForm ? refuseUnstorableTextOutsideForm : refuseUnstorableText(options.bodyLimit?.field),
      ...(optionalJsonBody(config) ? [emptyBodyAsJson] : []),
    ],
    operationId: operationId(config.method, config.path),
    // Public operations say so explicitly, so the document's default security does not apply.
    security: access === "public" ? [] : [{ bearerAuth: [] }],
    description: [config.description, access === "public" ? "Public." : `Requires the \`${access}\` permission.`]
      .filter(Boolean)
      .join("\n\n"),
    responses: {
      ...standardErrors(access),
      ...(options.spreadsheetUpload ? { 429: importBusy } : {}),
      ...config.responses,
    },
  });
  return route;
}

/** Whether the route declares a JSON body that may be left out (its schema then validates `{}`). */
function optionalJsonBody(config: Pick<RouteConfig, "request">): boolean {
  const body = config.request?.body;
  return Boolean(body && !body.required && body.content["application/json"]);
}

/** `post` + `/api/fetch/regions/{id}` → `postFetchRegionsById`: stable names for generated clients. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, "")
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `By${part.slice(1, -1).replace(/^./, (c) => c.toUpperCase())}` : part))
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return method.toLowerCase() + words.join("");
}
