import { z } from "zod";

/**
 * Every JSON response of the API is `{ status, message, data }` (docs/domain.md, API conventions). Errors use the
 * same envelope with `status: false`; validation errors list the fields in `errors`.
 */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.boolean(),
    message: z.string(),
    data,
  });

/**
 * `data: null`. OpenAPI 3.0 cannot say "null" on its own, so the document describes it as a
 * nullable object that is always null.
 */
export const nullData = z.null().meta({ type: "object", nullable: true, description: "Always null" });

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  data: nullData,
  errors: z.array(fieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
