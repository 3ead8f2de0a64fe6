// What the coordinator screens need without zod (decision 007): first views stay small.

/**
 * The people the coordinator pages manage, by role id (packages/auth ROLE): the Organization Team
 * (7, "organizing coordinators", no region of their own) and the zonal (8), state (9), prant (10)
 * and district (11) coordinators.
 */
export const COORDINATOR_ROLE_IDS = [7, 8, 9, 10, 11] as const;
export type CoordinatorRoleId = (typeof COORDINATOR_ROLE_IDS)[number];

/** The region level each coordinator role is assigned to (none for the Organization Team). */
export const COORDINATOR_LEVEL = {
  7: null,
  8: "zone",
  9: "state",
  10: "prant",
  11: "district",
} as const satisfies Record<CoordinatorRoleId, "zone" | "state" | "prant" | "district" | null>;

/** How many regions one coordinator may be assigned to. */
export const COORDINATOR_MAX_REGIONS = 50;
