/**
 * The regions tree's levels, words and API paths, free of zod so that list screens can use them
 * in their first view (docs/decisions/007-contracts-constants-without-zod.md).
 */
export const GEOGRAPHY_LEVELS = ["zone", "state", "prant", "district", "city"] as const;
export type GeographyLevel = (typeof GEOGRAPHY_LEVELS)[number];

/** At most this many nodes come back from an unpaginated picker list (fetchZone, fetchState, …). */
export const PICK_LIMIT = 2000;

type ParentField = "zone_id" | "state_id" | "prant_id" | "district_id";
type FilterParam = "zone_id" | "state_ids" | "prant_ids" | "district_ids";

/** How a level of the tree is named, where it hangs, and which region filters its lists take. */
export interface RegionLevel {
  level: GeographyLevel;
  /** "Zone": titles, buttons and the API path (fetchZoneWithPagination). */
  label: string;
  plural: string;
  /** The level a node is created under, and the body field naming it; null for zones. */
  parent: { level: GeographyLevel; field: ParentField } | null;
  child: GeographyLevel | null;
  /** Region filters a list of this level answers to, in the order screens offer them. */
  filters: readonly { param: FilterParam; level: GeographyLevel }[];
}

export const REGION_LEVELS: Record<GeographyLevel, RegionLevel> = {
  zone: { level: "zone", label: "Zone", plural: "Zones", parent: null, child: "state", filters: [] },
  state: {
    level: "state",
    label: "State",
    plural: "States",
    parent: { level: "zone", field: "zone_id" },
    child: "prant",
    filters: [{ param: "zone_id", level: "zone" }],
  },
  prant: {
    level: "prant",
    label: "Prant",
    plural: "Prants",
    parent: { level: "state", field: "state_id" },
    child: "district",
    filters: [
      { param: "zone_id", level: "zone" },
      { param: "state_ids", level: "state" },
    ],
  },
  district: {
    level: "district",
    label: "District",
    plural: "Districts",
    parent: { level: "prant", field: "prant_id" },
    child: "city",
    filters: [
      { param: "state_ids", level: "state" },
      { param: "prant_ids", level: "prant" },
    ],
  },
  city: {
    level: "city",
    label: "City",
    plural: "Cities",
    parent: { level: "district", field: "district_id" },
    child: null,
    filters: [
      { param: "state_ids", level: "state" },
      { param: "district_ids", level: "district" },
    ],
  },
};

/** The API paths of a level: paging list, picker list, collection (create) and member (read, update, delete). */
export function regionPaths<L extends GeographyLevel>(level: L) {
  const label = REGION_LEVELS[level].label as Capitalize<L>;
  return {
    page: `/api/fetch${label}WithPagination` as const,
    pick: `/api/fetch${label}` as const,
    collection: `/api/${level}` as const,
    member: `/api/${level}/{id}` as const,
  };
}
