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

export interface DescriptionItem {
  label: string;
  /** Items whose value is empty (null, undefined, "") are left out. */
  value: ReactNode;
}

export interface DescriptionListProps {
  items: readonly DescriptionItem[];
  /** Names the list for assistive technology when the page has several. */
  "aria-label"?: string;
}

/** Labelled facts side by side (a profile, a message's headers): a real <dl>. */
export function DescriptionList({ items, ...rest }: DescriptionListProps) {
  const shown = items.filter((item) => item.value !== null && item.value !== undefined && item.value !== "");
  return (
    <List {...rest}>
      {shown.map((item) => (
        <div key={item.label} style={{ display: "contents" }}>
          <Term>{item.label}</Term>
          <Detail>{item.value}</Detail>
        </div>
      ))}
    </List>
  );
}
