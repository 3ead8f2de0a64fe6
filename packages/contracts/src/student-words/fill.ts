/** A dictionary's template with its `{name}` places filled in ("{total} of {full}" → "70 of 100"). */
export const fill = (template: string, values: Record<string, string | number>): string =>
  template.replace(/\{(\w+)\}/g, (place, name: string) => (name in values ? String(values[name]) : place));
