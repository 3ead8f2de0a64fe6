import { z } from "zod";

/**
 * A dialog's schema: its fields as the form holds them (text, checkboxes), turned into the API
 * body by `toBody` and checked by the API's own body schema, whose messages land on the fields
 * of the same names (the API's body fields and the form's fields share names).
 */
export function dialogSchema<Shape extends z.ZodRawShape, Body extends z.ZodType>(
  fields: Shape,
  toBody: (values: z.output<z.ZodObject<Shape>>) => unknown,
  body: Body,
) {
  return z.object(fields).transform((values, ctx): z.output<Body> => {
    const parsed = body.safeParse(toBody(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });
}
