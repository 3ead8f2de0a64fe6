import type { GeographyLevel } from "@repo/contracts/geography-constants";
import { Select, type SelectOption } from "@repo/ui/select";
import { fieldsBelow, levelLabel, regionField, type TreeLevels } from "../regions/levels";
import { useFilterParams } from "./filter-params";

/** Levels a list filters by, from the top down (no cities: their plural is not a plain "s"). */
export type ListLevels = Extract<TreeLevels, readonly Exclude<GeographyLevel, "city">[]>;

/** The four levels of the region lists' filters, and their URL parameters. */
export const REGION_FILTER_LEVELS = ["zone", "state", "prant", "district"] as const;
export const REGION_FILTER_PARAMS = REGION_FILTER_LEVELS.map(regionField);

export interface RegionPickerProps<Levels extends ListLevels> {
  /** The levels offered, from the top down, e.g. `["zone", "state"]`. */
  levels: Levels;
  /** Each level's nodes, as the loader narrowed them by the level chosen above (none until then). */
  options: { readonly [K in Levels[number]]?: readonly SelectOption[] };
  /** A level's empty choice once it can be picked; "All states" unless given. */
  placeholders?: { readonly [K in Levels[number]]?: string };
  /** Further URL parameters a new region empties (e.g. a school chosen inside it). */
  alsoClears?: readonly string[];
}

/**
 * A list's region filters over its URL parameters (`zone_id`, `state_id`, …): a new choice empties
 * the levels below it. Each select is named by its parameter, so the toolbar's GET form sends it
 * without JavaScript (decision 053).
 */
export function RegionPicker<const Levels extends ListLevels>({
  levels,
  options,
  placeholders,
  alsoClears = [],
}: RegionPickerProps<Levels>) {
  const filter = useFilterParams();
  const { params } = filter;
  return levels.map((level: Levels[number], index) => {
    const field = regionField(level);
    const above = levels[index - 1];
    const choices = options[level] ?? [];
    // Nothing to pick until the level above is chosen: say so rather than "All …".
    const waiting = above && !params.get(regionField(above)) && !choices.length;
    const cleared = [...fieldsBelow(levels, level), ...alsoClears].map((name) => [name, null]);
    return (
      <Select
        key={level}
        label={levelLabel(level)}
        name={field}
        placeholder={waiting ? `Choose a ${above} first` : (placeholders?.[level] ?? `All ${level}s`)}
        options={choices}
        value={params.get(field) ?? ""}
        onChange={(event) => filter({ [field]: event.target.value, ...Object.fromEntries(cleared) })}
      />
    );
  });
}
