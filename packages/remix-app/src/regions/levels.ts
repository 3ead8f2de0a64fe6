import { GEOGRAPHY_LEVELS, type GeographyLevel, REGION_LEVELS } from "@repo/contracts/geography-constants";

export type { GeographyLevel };

/** The URL parameter or form field naming a level's chosen node: `zone_id`, `state_id`, … */
export type RegionField = `${GeographyLevel}_id`;

export const regionField = <L extends GeographyLevel>(level: L) => `${level}_id` as `${L}_id`;

/** The levels in the tree's order (zone, state, prant, district, city), whatever order they came in. */
export function inTreeOrder<L extends GeographyLevel>(levels: readonly L[]): L[] {
  return [...levels].sort((a, b) => GEOGRAPHY_LEVELS.indexOf(a) - GEOGRAPHY_LEVELS.indexOf(b));
}

/** The fields a new choice at `level` empties: those of the picked levels below it. */
export function fieldsBelow(levels: readonly GeographyLevel[], level: GeographyLevel): RegionField[] {
  const depth = GEOGRAPHY_LEVELS.indexOf(level);
  return inTreeOrder(levels)
    .filter((other) => GEOGRAPHY_LEVELS.indexOf(other) > depth)
    .map(regionField);
}

/** "Zone", "State": a level's label. */
export const levelLabel = (level: GeographyLevel) => REGION_LEVELS[level].label;

/** "zones", "states": a level's plural in running text. */
export const levelPlural = (level: GeographyLevel) => REGION_LEVELS[level].plural.toLowerCase();
