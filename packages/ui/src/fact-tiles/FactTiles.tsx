import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

// Each fact a tile, as many to a row as fit; a lead fact has a line of its own on a phone.
const Tiles = styled("dl", {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(120px, 1fr))",
  gap: "$4",
  margin: 0,
  "& > div:first-child[data-lead]": { gridColumn: "1 / -1", "@md": { gridColumn: "auto" } },
  "& dt": { fontSize: "$sm", color: "$textMuted", marginBottom: "$1" },
  "& dd": { margin: 0, fontWeight: "$medium", color: "$text", overflowWrap: "anywhere" },
});
const Lead = styled("dd", {
  fontSize: "$xxl !important",
  fontWeight: "$semibold !important",
  letterSpacing: "0.04em",
  fontVariantNumeric: "tabular-nums",
  variants: {
    pending: {
      true: { fontSize: "$md !important", fontWeight: "$regular !important", color: "$textMuted !important" },
    },
  },
});

export interface Fact {
  label: string;
  value: ReactNode;
  /** The first fact drawn large (a roll number), or `pending` (a note that it comes later). */
  lead?: true | "pending";
  /** The value's language and direction, when it is written in another script. */
  lang?: string;
  dir?: "ltr" | "rtl";
}

export interface FactTilesProps {
  facts: readonly Fact[];
  "aria-label"?: string;
}

/**
 * Short facts as tiles in a row, each label above its value (a student's card: roll number, class,
 * language, year, fee): a real <dl>. For labels beside values, use DescriptionList.
 */
export function FactTiles({ facts, ...rest }: FactTilesProps) {
  return (
    <Tiles {...rest}>
      {facts.map(({ label, value, lead, lang, dir }) => (
        <div key={label} data-lead={lead ? "" : undefined}>
          <dt>{label}</dt>
          {lead ? (
            <Lead pending={lead === "pending"} lang={lang} dir={dir}>
              {value}
            </Lead>
          ) : (
            <dd lang={lang} dir={dir}>
              {value}
            </dd>
          )}
        </div>
      ))}
    </Tiles>
  );
}
