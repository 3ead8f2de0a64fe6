import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "flex",
  gap: "$3",
  alignItems: "flex-start",
  padding: "$3 $4",
  borderRadius: "$md",
  border: "1px solid",
  fontSize: "$md",
  minWidth: 0,
  // A leading icon sits on the first line of text.
  "& > svg": { flexShrink: 0, marginTop: "2px" },
  "& ul": { margin: "$1 0 0", paddingInlineStart: "$5" },
  variants: {
    tone: {
      info: { backgroundColor: "$infoLight", borderColor: "$info", color: "$infoText" },
      warning: { backgroundColor: "$warningLight", borderColor: "$warning", color: "$warningText" },
      success: { backgroundColor: "$successLight", borderColor: "$success", color: "$successText" },
      danger: { backgroundColor: "$dangerLight", borderColor: "$danger", color: "$dangerText" },
    },
    /** In a row beside buttons: takes the room left, down to about 16 rem before wrapping. */
    grow: { true: { flex: "1 1 16rem" } },
  },
  defaultVariants: { tone: "info" },
});

export type CalloutTone = "info" | "warning" | "success" | "danger";

export interface CalloutProps {
  tone?: CalloutTone;
  grow?: boolean;
  /** `status` for the answer to a save, `alert` for a failure, `note` for a warning to read. */
  role?: "status" | "alert" | "note";
  /** An optional `<Icon>` first, then the text (a list of details keeps its bullets). */
  children: ReactNode;
}

/** A message box in the page: a warning to read, or the answer to a save with its details. */
export function Callout({ tone = "info", grow, role, children }: CalloutProps) {
  return (
    <Root tone={tone} grow={grow} role={role}>
      {children}
    </Root>
  );
}
