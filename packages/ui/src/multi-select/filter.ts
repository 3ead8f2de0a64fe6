export interface MultiSelectOption {
  value: string;
  label: string;
}

/** Case- and accent-insensitive "contains" search over option labels. */
export function filterOptions<T extends MultiSelectOption>(options: readonly T[], query: string): T[] {
  const needle = fold(query.trim());
  if (!needle) return [...options];
  return options.filter((option) => fold(option.label).includes(needle));
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

/** Adds or removes one value, keeping the options' order. */
export function toggleValue(selected: readonly string[], value: string, order: readonly MultiSelectOption[]): string[] {
  const next = new Set(selected);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return sortByOptions([...next], order);
}

/** Selects every visible option (on top of what is already selected). */
export function selectAll(
  selected: readonly string[],
  visible: readonly MultiSelectOption[],
  order: readonly MultiSelectOption[],
): string[] {
  return sortByOptions([...new Set([...selected, ...visible.map((option) => option.value)])], order);
}

function sortByOptions(values: string[], order: readonly MultiSelectOption[]): string[] {
  const rank = new Map(order.map((option, index) => [option.value, index]));
  return values.sort((a, b) => (rank.get(a) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b) ?? Number.MAX_SAFE_INTEGER));
}

/** The trigger's text: "All states" / "Maharashtra" / "Maharashtra, Gujarat" / "Maharashtra +3". */
export function summarize(
  selected: readonly string[],
  options: readonly MultiSelectOption[],
  placeholder: string,
): string {
  const labels = selected.map((value) => options.find((option) => option.value === value)?.label ?? value);
  if (labels.length === 0) return placeholder;
  if (labels.length <= 2) return labels.join(", ");
  return `${labels[0]} +${labels.length - 1}`;
}
