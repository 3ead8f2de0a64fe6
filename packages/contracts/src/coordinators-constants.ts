// What the coordinator screens need without zod (decision 007): first views stay small.

import { ROLE, ROLE_GROUPS } from "./roles-constants";

/**
 * The people the coordinator pages manage, by role id: the Organization Team ("organizing
 * coordinators", no region of their own) and the zonal, state, prant and district coordinators.
 */
export const COORDINATOR_ROLE_IDS = [ROLE.organizationTeam, ...ROLE_GROUPS.coordinators] as const;
export type CoordinatorRoleId = (typeof COORDINATOR_ROLE_IDS)[number];

/** The region level each coordinator role is assigned to (none for the Organization Team). */
export const COORDINATOR_LEVEL = {
  [ROLE.organizationTeam]: null,
  [ROLE.zonalCoordinator]: "zone",
  [ROLE.stateCoordinator]: "state",
  [ROLE.prantCoordinator]: "prant",
  [ROLE.districtCoordinator]: "district",
} as const satisfies Record<CoordinatorRoleId, "zone" | "state" | "prant" | "district" | null>;

/** How many regions one coordinator may be assigned to. */
export const COORDINATOR_MAX_REGIONS = 50;
