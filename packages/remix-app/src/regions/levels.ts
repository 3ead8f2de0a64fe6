import type { GEOGRAPHY_LEVELS, GeographyLevel } from "@repo/contracts/geography-constants";

/**
 * Every choice of levels from the top of the tree down, in the contracts' order (GEOGRAPHY_LEVELS):
 * `["zone", "state"]`, `["state", "district"]`, … A type only: a page loads no regions module for it
 * (page budgets, scripts/size.test.ts).
 */
type TopDown<T extends readonly unknown[]> = T extends readonly [infer Top, ...infer Rest]
  ? readonly [Top, ...TopDown<Rest>] | TopDown<Rest>
  : readonly [];
export type TreeLevels = TopDown<typeof GEOGRAPHY_LEVELS>;

/** The URL parameter or form field naming a level's chosen node: `zone_id`, `state_id`, … */
export const regionField = <L extends GeographyLevel>(level: L) => `${level}_id` as const;

/** The fields a new choice at `level` empties: those of the levels after it. */
export const fieldsBelow = (levels: readonly GeographyLevel[], level: GeographyLevel) =>
  levels.slice(levels.indexOf(level) + 1).map(regionField);

/** "Zone", "State": a level's label (REGION_LEVELS' labels are its name, capitalised). */
export const levelLabel = (level: GeographyLevel) => level[0]?.toUpperCase() + level.slice(1);
