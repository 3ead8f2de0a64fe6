import { z } from "@hono/zod-openapi";
import { userRecord } from "@repo/contracts/auth";
import { envelope, nullData } from "@repo/contracts/envelope";

/** A JSON response of an operation, for `responses` in a route declaration. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

/**
 * A contract schema with its name in the OpenAPI document. zod 4 gives each schema its methods
 * when it is built, so a schema from packages/contracts built before @hono/zod-openapi extended
 * zod (a test that imported the contracts first) has no `.openapi`: borrow it from the prototype.
 */
export const named = <T extends z.ZodType>(schema: T, name: string): T =>
  (z.ZodType.prototype as unknown as { openapi(this: T, refId: string): T }).openapi.call(schema, name);

/** Response bodies shared by several route modules, named once for the OpenAPI document. */
export const messageOnly = envelope(nullData).openapi("MessageResponse");
export const namedUserRecord = named(userRecord, "UserRecord");
export const userResponse = envelope(namedUserRecord).openapi("UserResponse");

export const idParam = z.object({
  id: z.coerce
    .number<unknown>()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path", required: true }, type: "integer", example: 1 }),
});
