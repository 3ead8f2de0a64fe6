import { z } from "@hono/zod-openapi";
import { envelope, nullData } from "@repo/contracts/envelope";

/** Response bodies shared by several route modules, named for the OpenAPI document. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { "application/json": { schema } },
});

export const messageOnly = envelope(nullData).openapi("MessageResponse");

export const idParam = z.object({
  id: z.coerce
    .number<unknown>()
    .int()
    .positive()
    .openapi({ param: { name: "id", in: "path", required: true }, type: "integer", example: 1 }),
});
