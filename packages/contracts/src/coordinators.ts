import { z } from "zod";
import { regionListBody } from "./geography";

/** Body of POST /api/coordinators: the coordinator list with paging, search and region filters. */
export const coordinatorListBody = regionListBody.extend({
  // The coordinator roles, zonal (8) to district (11): packages/auth ROLE_GROUPS.coordinators.
  role_id: z.coerce
    .number<unknown>({ error: "role_id must be 8, 9, 10 or 11" })
    .int("role_id must be 8, 9, 10 or 11")
    .min(8, "role_id must be 8, 9, 10 or 11")
    .max(11, "role_id must be 8, 9, 10 or 11")
    .optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
});
export type CoordinatorListBody = z.infer<typeof coordinatorListBody>;

/** One coordinator in a list, with the regions it is assigned to. */
export const coordinatorItem = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  is_active: z.boolean(),
  mobile: z.string().nullable(),
  last_login_at: z.string().nullable(),
  assignments: z.array(z.object({ level: z.string(), id: z.number().int(), name: z.string() })),
});
export type CoordinatorItem = z.infer<typeof coordinatorItem>;
