import type { GeographyLevel } from "@repo/contracts/geography";

/** How each level of the regions tree is listed, filtered and edited. */
export interface LevelSpec {
  level: GeographyLevel;
  /** "Zone", used in titles, buttons and the API path (fetchZoneWithPagination). */
  label: string;
  plural: string;
  /** The parent a node is created under; null for zones. */
  parent: { level: GeographyLevel; field: "zone_id" | "state_id" | "prant_id" | "district_id"; label: string } | null;
  /** Region filters offered above the list (URL parameter → picker level). */
  filters: { param: "zone_id" | "state_ids" | "prant_ids" | "district_ids"; level: GeographyLevel; label: string }[];
  childrenLabel: string | null;
}

export const LEVELS: Record<GeographyLevel, LevelSpec> = {
  zone: { level: "zone", label: "Zone", plural: "Zones", parent: null, filters: [], childrenLabel: "States" },
  state: {
    level: "state",
    label: "State",
    plural: "States",
    parent: { level: "zone", field: "zone_id", label: "Zone" },
    filters: [{ param: "zone_id", level: "zone", label: "Zone" }],
    childrenLabel: "Prants",
  },
  prant: {
    level: "prant",
    label: "Prant",
    plural: "Prants",
    parent: { level: "state", field: "state_id", label: "State" },
    filters: [
      { param: "zone_id", level: "zone", label: "Zone" },
      { param: "state_ids", level: "state", label: "States" },
    ],
    childrenLabel: "Districts",
  },
  district: {
    level: "district",
    label: "District",
    plural: "Districts",
    parent: { level: "prant", field: "prant_id", label: "Prant" },
    filters: [
      { param: "state_ids", level: "state", label: "States" },
      { param: "prant_ids", level: "prant", label: "Prants" },
    ],
    childrenLabel: "Cities",
  },
  city: {
    level: "city",
    label: "City",
    plural: "Cities",
    parent: { level: "district", field: "district_id", label: "District" },
    filters: [
      { param: "state_ids", level: "state", label: "States" },
      { param: "district_ids", level: "district", label: "Districts" },
    ],
    childrenLabel: null,
  },
};
