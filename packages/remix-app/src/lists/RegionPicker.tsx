import { Select, type SelectOption } from "@repo/ui/select";
import { fieldsBelow, type GeographyLevel, inTreeOrder, levelLabel, levelPlural, regionField } from "../regions/levels";
import { useFilterParams } from "./filter-params";

export interface RegionPickerProps<L extends GeographyLevel> {
  /** The levels offered, e.g. `["zone", "state"]`, shown in the tree's order. */
  levels: readonly L[];
  /** Each level's nodes, as the loader narrowed them by the level chosen above (none until then). */
  options: { readonly [K in L]?: readonly SelectOption[] };
  /** A level's empty choice once it can be picked; "All states" unless given. */
  placeholders?: { readonly [K in L]?: string };
  /** Further URL parameters a new region empties (e.g. a school chosen inside it). */
  alsoClears?: readonly string[];
}

/**
 * A list's region filters over its URL parameters (`zone_id`, `state_id`, …): a new choice empties
 * the levels below it. Each select is named by its parameter, so the toolbar's GET form sends it
 * without JavaScript (decision 053).
 */
export function RegionPicker<L extends GeographyLevel>({
  levels,
  options,
  placeholders,
  alsoClears = [],
}: RegionPickerProps<L>) {
  const filter = useFilterParams();
  const { params } = filter;
  const ordered = inTreeOrder(levels);
  return (
    <>
      {ordered.map((level, index) => {
        const field = regionField(level);
        const above = ordered[index - 1];
        const choices = options[level] ?? [];
        // Nothing to pick until the level above is chosen: say so rather than "All …".
        const waiting = above !== undefined && !params.get(regionField(above)) && choices.length === 0;
        const cleared = [...fieldsBelow(ordered, level), ...alsoClears].map((name) => [name, null]);
        return (
          <Select
            key={level}
            label={levelLabel(level)}
            name={field}
            placeholder={waiting ? `Choose a ${above} first` : (placeholders?.[level] ?? `All ${levelPlural(level)}`)}
            options={choices}
            value={params.get(field) ?? ""}
            onChange={(event) => filter({ [field]: event.target.value, ...Object.fromEntries(cleared) })}
          />
        );
      })}
    </>
  );
}
