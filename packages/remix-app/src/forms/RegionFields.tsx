import type { GeographyLevel } from "@repo/contracts/geography-constants";
import { FormSelect } from "@repo/ui/form";
import type { SelectOption } from "@repo/ui/select";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { fieldsBelow, levelLabel, regionField, type TreeLevels } from "../regions/levels";

export interface RegionFieldsProps<Levels extends TreeLevels> {
  /** The levels asked for, from the top down, e.g. `["zone", "state", "prant", "district"]`. */
  levels: Levels;
  /** Each level's nodes under the one chosen above it (none until then). */
  options: { readonly [K in Levels[number]]?: readonly SelectOption[] };
  /** Levels the tree may lack for a place: their choice reads "(if listed)". */
  optional?: readonly Levels[number][];
}

/**
 * A form's region pickers (fields `zone_id`, `state_id`, …) inside the kit's `Form`: a new choice
 * empties the fields below it. Filling each from the one above is the form's (its loader's) work.
 */
export function RegionFields<const Levels extends TreeLevels>({
  levels,
  options,
  optional = [],
}: RegionFieldsProps<Levels>) {
  // watch and setValue stay the same across renders; the context object does not.
  const { watch, setValue } = useFormContext();
  const key = levels.join();
  useEffect(() => {
    const picked = key.split(",") as GeographyLevel[];
    const subscription = watch((_all, { name }) => {
      const level = picked.find((l) => regionField(l) === name);
      if (level) for (const field of fieldsBelow(picked, level)) setValue(field, "");
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, key]);
  return levels.map((level: Levels[number]) => (
    <FormSelect
      key={level}
      name={regionField(level)}
      label={levelLabel(level)}
      placeholder={`Select the ${level}${optional.includes(level) ? " (if listed)" : ""}`}
      options={options[level] ?? []}
    />
  ));
}
