import { z } from "zod";
import { mobileField, usernameField } from "./auth";
import { COORDINATOR_MAX_REGIONS, COORDINATOR_ROLE_IDS, type CoordinatorRoleId } from "./coordinators-constants";
import { regionListBody } from "./geography";
import { ID_RANGE_MESSAGE, wholeNumber } from "./ids";
import { ID_MAX } from "./ids-constants";
import { emailAddress } from "./mail";

const COORDINATOR_ROLE_MESSAGE = `role_id must be ${COORDINATOR_ROLE_IDS.slice(0, -1).join(", ")} or ${COORDINATOR_ROLE_IDS.at(-1)}`;

/** Body of POST /api/coordinators: the coordinator list with paging, search and region filters. */
export const coordinatorListBody = regionListBody.extend({
  // The roles the coordinator pages list (Organization Team to district coordinators).
  role_id: wholeNumber(
    z
      .number({ error: COORDINATOR_ROLE_MESSAGE })
      .int(COORDINATOR_ROLE_MESSAGE)
      .min(Math.min(...COORDINATOR_ROLE_IDS), COORDINATOR_ROLE_MESSAGE)
      .max(Math.max(...COORDINATOR_ROLE_IDS), COORDINATOR_ROLE_MESSAGE),
  ).optional(),
  is_active: z.boolean({ error: "is_active must be true or false" }).optional(),
});
export type CoordinatorListBody = z.infer<typeof coordinatorListBody>;

const coordinatorRole = wholeNumber(
  z
    .number({ error: "Choose the coordinator's level" })
    .int("Choose the coordinator's level")
    .refine((id): id is CoordinatorRoleId => (COORDINATOR_ROLE_IDS as readonly number[]).includes(id), {
      error: "Choose the coordinator's level",
    }),
);

/** The fields a coordinator is created and edited with. */
const coordinatorFields = {
  name: z
    .string({ error: "Enter the coordinator's name" })
    .trim()
    .min(2, "Enter the coordinator's name (at least 2 characters)")
    .max(100, "The name can be at most 100 characters"),
  email: emailAddress,
  mobile: mobileField.optional().or(z.literal("").transform(() => undefined)),
  role_id: coordinatorRole,
  /** The nodes of the role's level (COORDINATOR_LEVEL): zone, state, prant or district ids; none for the Organization Team. */
  region_ids: z
    .array(wholeNumber(z.number().int().positive().max(ID_MAX, ID_RANGE_MESSAGE)), {
      error: "region_ids must be a list of region numbers",
    })
    .max(COORDINATOR_MAX_REGIONS, `A coordinator can have at most ${COORDINATOR_MAX_REGIONS} regions`)
    .default([]),
};

/** coordinators/add: a new coordinator; its password is made and mailed to it. */
export const coordinatorCreateBody = z.strictObject({ ...coordinatorFields, username: usernameField });
export type CoordinatorCreateBody = z.infer<typeof coordinatorCreateBody>;

/** coordinators/update/{id}: the same fields; the username stays. */
export const coordinatorUpdateBody = z.strictObject(coordinatorFields);
export type CoordinatorUpdateBody = z.infer<typeof coordinatorUpdateBody>;

export const coordinatorStatusBody = z.strictObject({
  is_active: z.boolean({ error: "is_active must be true or false" }),
});

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
