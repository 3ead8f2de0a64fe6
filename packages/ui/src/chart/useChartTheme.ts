import { useEffect, useState } from "react";

export interface ChartColors {
  text: string;
  muted: string;
  grid: string;
  surface: string;
  fontFamily: string;
}

function read(): ChartColors {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: token("--colors-text", "#181C32"),
    muted: token("--colors-textMuted", "#6D7186"),
    grid: token("--colors-border", "#E4E6EF"),
    surface: token("--colors-surface", "#FFFFFF"),
    fontFamily: token("--fonts-body", "sans-serif"),
  };
}

/**
 * The token colours as values (SVG attributes cannot use CSS variables), read from the page and
 * read again when the colour mode changes (a class on <html>).
 */
export function useChartTheme(): ChartColors {
  const [colors, setColors] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class", "style"] });
    return () => observer.disconnect();
  }, []);
  return colors;
}

/** A nivo theme from the token colours. */
export function nivoTheme(colors: ChartColors) {
  const text = { fontFamily: colors.fontFamily, fontSize: 12, fill: colors.muted };
  return {
    background: "transparent",
    text,
    axis: {
      domain: { line: { stroke: colors.grid, strokeWidth: 1 } },
      ticks: { line: { stroke: colors.grid, strokeWidth: 1 }, text },
      legend: { text: { ...text, fontSize: 12, fill: colors.text } },
    },
    grid: { line: { stroke: colors.grid, strokeWidth: 1, strokeDasharray: "4 4" } },
    legends: { text: { ...text, fill: colors.text } },
    labels: { text: { ...text, fill: colors.text, fontWeight: 600 } },
    tooltip: {
      container: {
        background: colors.surface,
        color: colors.text,
        fontSize: 13,
        borderRadius: 6,
        boxShadow: "0 0 50px 0 rgba(82, 63, 105, 0.15)",
      },
    },
  };
}
