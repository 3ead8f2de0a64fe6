import { FormSelect } from "@repo/ui/form";
import type { SelectOption } from "@repo/ui/select";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { fieldsBelow, type GeographyLevel, inTreeOrder, levelLabel, regionField } from "../regions/levels";

export interface RegionFieldsProps<L extends GeographyLevel> {
  /** The levels asked for, e.g. `["zone", "state", "prant", "district"]`, shown in the tree's order. */
  levels: readonly L[];
  /** Each level's nodes under the one chosen above it (none until then). */
  options: { readonly [K in L]?: readonly SelectOption[] };
  /** Levels the tree may lack for a place: their choice reads "(if listed)". */
  optional?: readonly L[];
}

/**
 * A form's region pickers (fields `zone_id`, `state_id`, …) inside the kit's `Form`: a new choice
 * empties the fields below it. Filling each from the one above is the form's (its loader's) work.
 */
export function RegionFields<L extends GeographyLevel>({ levels, options, optional = [] }: RegionFieldsProps<L>) {
  // watch and setValue stay the same across renders; the context object does not.
  const { watch, setValue } = useFormContext();
  const ordered = inTreeOrder(levels);
  const key = ordered.join();
  useEffect(() => {
    const picked = key.split(",") as GeographyLevel[];
    const subscription = watch((_all, { name }) => {
      const level = picked.find((l) => regionField(l) === name);
      if (level) for (const field of fieldsBelow(picked, level)) setValue(field, "");
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, key]);
  return (
    <>
      {ordered.map((level) => (
        <FormSelect
          key={level}
          name={regionField(level)}
          label={levelLabel(level)}
          placeholder={`Select the ${level}${optional.includes(level) ? " (if listed)" : ""}`}
          options={options[level] ?? []}
        />
      ))}
    </>
  );
}
