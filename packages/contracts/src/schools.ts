import { z } from "zod";

/** A school's own account switch (POST /api/schools/disable-account): its new state. */
export const schoolToggleData = z.object({
  school_id: z.number().int(),
  is_active: z.union([z.literal(0), z.literal(1)]),
});
export type SchoolToggleData = z.infer<typeof schoolToggleData>;
