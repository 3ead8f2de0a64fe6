import { z } from "@hono/zod-openapi";
import { userRecord } from "@repo/contracts/auth";
import { envelope, nullData } from "@repo/contracts/envelope";
import { idField } from "@repo/contracts/ids";
import { ID_MAX } from "@repo/contracts/ids-constants";

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

/**
 * A row id in the path, `{name}`: 1 to ID_MAX, else a 400 naming it (docs/decisions/029-hostile-input.md).
 * The contract's schema gets its path metadata the way `named` gives a name.
 */
export const pathId = (name: string) =>
  (
    z.ZodType.prototype as unknown as { openapi(this: z.ZodType, metadata: object): ReturnType<typeof idField> }
  ).openapi.call(idField(name), {
    param: { name, in: "path", required: true },
    type: "integer",
    minimum: 1,
    maximum: ID_MAX,
    example: 1,
  });

export const idParam = z.object({ id: pathId("id") });
