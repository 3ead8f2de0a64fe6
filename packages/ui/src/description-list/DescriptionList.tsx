import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const List = styled("dl", {
  display: "grid",
  gridTemplateColumns: "max-content minmax(0, 1fr)",
  gap: "$2 $4",
  margin: 0,
  fontSize: "$md",
});
const Term = styled("dt", { color: "$textMuted" });
const Detail = styled("dd", { margin: 0, fontWeight: "$medium", color: "$text", overflowWrap: "anywhere" });

// Tiles: each fact a tile, as many to a row as fit; the lead fact has a line of its own on a phone.
const Tiles = styled("dl", {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(120px, 1fr))",
  gap: "$4",
  margin: 0,
  "& > div:first-child[data-lead]": { gridColumn: "1 / -1", "@md": { gridColumn: "auto" } },
  "& dt": { fontSize: "$sm", marginBottom: "$1" },
});
const Lead = styled("dd", {
  margin: 0,
  fontSize: "$xxl",
  fontWeight: "$semibold",
  letterSpacing: "0.04em",
  fontVariantNumeric: "tabular-nums",
  color: "$text",
  overflowWrap: "anywhere",
  variants: {
    pending: { true: { fontSize: "$md", fontWeight: "$regular", letterSpacing: "normal", color: "$textMuted" } },
  },
});

export interface DescriptionItem {
  label: string;
  /** Items whose value is empty (null, undefined, "") are left out. */
  value: ReactNode;
  /** In tiles: the first fact drawn large (a roll number), or `pending` (a note that it comes later). */
  lead?: true | "pending";
  /** The value's language and direction, when it is written in another script. */
  lang?: string;
  dir?: "ltr" | "rtl";
}

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /** Names the list for assistive technology when the page has several. */
  "aria-label"?: string;
  /** `tiles`: the facts as tiles in a row (a student's card) rather than labels beside values. */
  layout?: "columns" | "tiles";
}

/** Labelled facts side by side (a profile, a message's headers): a real <dl>. */
export function DescriptionList({ items, layout = "columns", ...rest }: DescriptionListProps) {
  const shown = items.filter((item) => item.value !== null && item.value !== undefined && item.value !== "");
  if (layout === "tiles") {
    return (
      <Tiles {...rest}>
        {shown.map(({ label, value, lead, lang, dir }) => (
          <div key={label} data-lead={lead ? "" : undefined}>
            <Term>{label}</Term>
            {lead ? (
              <Lead pending={lead === "pending"} lang={lang} dir={dir}>
                {value}
              </Lead>
            ) : (
              <Detail lang={lang} dir={dir}>
                {value}
              </Detail>
            )}
          </div>
        ))}
      </Tiles>
    );
  }
  return (
    <List {...rest}>
      {shown.map((item) => (
        <div key={item.label} style={{ display: "contents" }}>
          <Term>{item.label}</Term>
          <Detail lang={item.lang} dir={item.dir}>
            {item.value}
          </Detail>
        </div>
      ))}
    </List>
  );
}
