import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Grid = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(5, 56px)",
  gap: "$1 $2",
  width: "max-content",
});

const Item = styled("li", {
  // Keeps visually hidden words inside a scrolling table's box (not widening the page).
  position: "relative",
  display: "grid",
  gap: "2px",
  fontSize: "$xs",
  fontVariantNumeric: "tabular-nums",
  "& a, & > span": {
    display: "grid",
    gap: "2px",
    color: "$text",
    textDecoration: "none",
    borderRadius: "$sm",
    padding: "2px",
  },
  "& a:hover": { backgroundColor: "$surfaceHover" },
  "& a [data-count]": { color: "$primaryText", textDecoration: "underline" },
});

const Head = styled("span", { display: "flex", justifyContent: "space-between", gap: "$1" });
const Label = styled("span", { fontWeight: "$semibold", textTransform: "uppercase", color: "$gray800" });

const Track = styled("span", {
  display: "block",
  height: "6px",
  borderRadius: "$round",
  backgroundColor: "$gray200",
  overflow: "hidden",
});
const Fill = styled("span", { display: "block", height: "100%", backgroundColor: "$primaryText" });

/** Small meters side by side, five to a row (each language's share of a subject's questions). */
export function MeterGrid({ children, ...rest }: { children: ReactNode; "aria-label": string }) {
  return <Grid {...rest}>{children}</Grid>;
}

/** One place in a MeterGrid: holds a link (to what is left to do) or a span, each with a Meter inside. */
export function MeterItem({ children, title }: { children: ReactNode; title?: string }) {
  return <Item title={title}>{children}</Item>;
}

export interface MeterProps {
  /** A short code above the bar ("hi"). */
  label: string;
  /** The figure beside it ("12/40"); underlined when the meter is inside a link. */
  count: string;
  /** How full the bar is, 0–100. */
  value: number;
}

/**
 * A short label, its figure and a thin bar filled to the value: drawn for the eye only, so the
 * place around it says the same in words (a VisuallyHidden sentence).
 */
export function Meter({ label, count, value }: MeterProps) {
  const width = `${Math.min(Math.max(value, 0), 100)}%`;
  return (
    <>
      <Head aria-hidden>
        <Label>{label}</Label>
        <span data-count>{count}</span>
      </Head>
      <Track aria-hidden>
        <Fill style={{ width }} />
      </Track>
    </>
  );
}
