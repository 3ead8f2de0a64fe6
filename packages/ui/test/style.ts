// What a component really looks like under jsdom: the computed value of a CSS property on the
// rendered element, from the Stitches rules that apply to it (not its class names, not the shared
// style sheet). jsdom cascades the rules but leaves `var(--token)` unresolved, so the theme's
// variables are looked up on the element (jsdom does compute and inherit custom properties),
// and hex colours are written as browsers report them ("rgb(80, 205, 137)").
import { theme } from "../src/theme/stitches";

/** Theme variables by their lower-cased name: jsdom lower-cases the value of `color`. */
const themeVariables = new Map<string, string>();
for (const scale of Object.values(theme)) {
  if (typeof scale !== "object" || scale === null) continue;
  for (const token of Object.values(scale as Record<string, { variable?: unknown }>)) {
    if (typeof token?.variable === "string") themeVariables.set(token.variable.toLowerCase(), token.variable);
  }
}

function resolveVariables(value: string, style: CSSStyleDeclaration, depth = 0): string {
  if (depth > 8) return value;
  return value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g, (_match, name: string, fallback?: string) => {
    const variable = themeVariables.get(name.toLowerCase()) ?? name;
    const own = style.getPropertyValue(variable).trim();
    return resolveVariables(own || (fallback ?? "").trim(), style, depth + 1);
  });
}

/** Hex colours in `value` written as browsers report them: "#50CD89" → "rgb(80, 205, 137)". */
export function hexToRgb(value: string): string {
  return value.replace(/#([\da-f]{6}|[\da-f]{3})\b/gi, (_match, hex: string) => {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex;
    const [r, g, b] = [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16));
    return `rgb(${r}, ${g}, ${b})`;
  });
}

/** The computed value of `property` (kebab-case, e.g. "background-color") on `element`, tokens resolved. */
export function computedStyle(element: Element, property: string): string {
  const style = getComputedStyle(element);
  return hexToRgb(resolveVariables(style.getPropertyValue(property), style));
}
