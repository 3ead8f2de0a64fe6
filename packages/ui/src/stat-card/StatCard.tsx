import type { ReactNode } from "react";
import { Icon, type IconName } from "../icon/Icon";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";

const Root = styled("div", {
  display: "flex",
  flexDirection: "column",
  gap: "$4",
  padding: "$5",
  backgroundColor: "$surface",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$card",
  minWidth: 0,
});

const Top = styled("div", { display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: "$2" });

const IconBox = styled("span", {
  display: "inline-grid",
  placeItems: "center",
  width: "44px",
  height: "44px",
  borderRadius: "$lg",
  variants: {
    tone: {
      primary: { backgroundColor: "$primaryLight", color: "$primaryText" },
      info: { backgroundColor: "$infoLight", color: "$infoText" },
      warning: { backgroundColor: "$warningLight", color: "$warningText" },
      danger: { backgroundColor: "$dangerLight", color: "$dangerText" },
    },
  },
});

// The label comes first for screen readers ("Students registered: 12,480"); the figure is shown on top.
const Pair = styled("dl", { margin: 0, display: "flex", flexDirection: "column-reverse", gap: "$1" });
const Value = styled("dd", {
  margin: 0,
  fontSize: "$xxxl",
  fontWeight: "$bold",
  lineHeight: "$tight",
  color: "$text",
  fontVariantNumeric: "tabular-nums",
  overflowWrap: "anywhere",
});
const Label = styled("dt", { fontSize: "$md", color: "$textMuted", fontWeight: "$medium" });

const Trend = styled("span", {
  marginInlineStart: "auto",
  display: "inline-flex",
  alignItems: "center",
  gap: "2px",
  fontSize: "$sm",
  fontWeight: "$semibold",
  borderRadius: "$md",
  padding: "2px $2",
  variants: {
    direction: {
      up: { color: "$successText", backgroundColor: "$successLight" },
      down: { color: "$dangerText", backgroundColor: "$dangerLight" },
    },
  },
});

export interface StatCardProps {
  /** What is counted ("Students registered"). */
  label: string;
  /** The figure, already formatted for display. */
  value: ReactNode;
  icon?: IconName;
  tone?: VariantValue<typeof IconBox, "tone">;
  /** Change against a previous period, e.g. { value: "12%", direction: "up", label: "since last week" }. */
  trend?: { value: string; direction: VariantValue<typeof Trend, "direction">; label?: string };
}

/** One headline figure of a dashboard, read as "label: value (trend)". */
export function StatCard({ label, value, icon, tone = "primary", trend }: StatCardProps) {
  return (
    <Root>
      {icon || trend ? (
        <Top>
          {icon ? (
            <IconBox tone={tone} aria-hidden>
              <Icon name={icon} size={22} />
            </IconBox>
          ) : null}
          {trend ? (
            // The badge is visual; the same words are part of the value for screen readers.
            <Trend direction={trend.direction} aria-hidden>
              <Icon name={trend.direction === "up" ? "arrow-up" : "arrow-down"} size={14} strokeWidth={2.2} />
              {trend.value}
            </Trend>
          ) : null}
        </Top>
      ) : null}
      <Pair>
        <Label>{label}</Label>
        <Value>
          <bdi>{value}</bdi>
          {trend ? (
            <VisuallyHidden>
              {`, ${trend.direction === "up" ? "up" : "down"} ${trend.value}${trend.label ? ` ${trend.label}` : ""}`}
            </VisuallyHidden>
          ) : null}
        </Value>
      </Pair>
    </Root>
  );
}
