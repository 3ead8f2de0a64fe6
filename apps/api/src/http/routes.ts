import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import { errorEnvelopeSchema } from "@repo/contracts/envelope";
import { type Access, requireAccess } from "../auth/middleware";

/**
 * Every API route is declared through `apiRoute`, which records who may call it. The registry is
 * what the authorization-matrix test walks: a route without an entry cannot exist.
 */
export const ROUTE_ACCESS = new Map<string, Access>();

export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorEnvelopeSchema } },
});

const standardErrors = (access: Access) => ({
  400: errorResponse("The request is invalid; `errors` names each field"),
  ...(access === "public"
    ? {}
    : {
        401: errorResponse("No valid sign-in: send a bearer token from POST /api/login"),
        403: errorResponse("The signed-in role may not do this"),
      }),
  500: errorResponse("Something went wrong on our side"),
});

export function apiRoute<const R extends Omit<RouteConfig, "middleware" | "security">>(access: Access, config: R) {
  const key = `${config.method.toUpperCase()} ${config.path}`;
  ROUTE_ACCESS.set(key, access);
  const route = createRoute({
    ...config,
    middleware: [requireAccess(access)] as const,
    ...(access === "public" ? {} : { security: [{ bearerAuth: [] }] }),
    description: [config.description, access === "public" ? "Public." : `Requires the \`${access}\` permission.`]
      .filter(Boolean)
      .join("\n\n"),
    responses: { ...standardErrors(access), ...config.responses },
  });
  return route;
}

/** Converts an OpenAPI path (`/api/zone/{id}`) to Hono's (`/api/zone/:id`). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}
