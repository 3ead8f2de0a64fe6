import type { ReactNode } from "react";
import { Icon, type IconName } from "../icon/Icon";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  textAlign: "center",
  gap: "$2",
  padding: "$7 $5",
  variants: { compact: { true: { padding: "$5 $4" } } },
});
const Art = styled("span", {
  display: "grid",
  placeItems: "center",
  width: "72px",
  height: "72px",
  marginBottom: "$2",
  borderRadius: "$round",
  variants: {
    tone: {
      neutral: { backgroundColor: "$gray100", color: "$gray500" },
      danger: { backgroundColor: "$dangerLight", color: "$dangerText" },
      primary: { backgroundColor: "$primaryLight", color: "$primaryText" },
    },
  },
});
const Title = styled("p", { margin: 0, fontSize: "$lg", fontWeight: "$semibold", color: "$text" });
const Text = styled("p", { margin: 0, maxWidth: "420px", color: "$textMuted" });

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: IconName;
  tone?: VariantValue<typeof Art, "tone">;
  /** A way forward: "Add students", "Try again", "Clear filters". */
  action?: ReactNode;
  compact?: VariantValue<typeof Root, "compact">;
  /** "status" to announce it when it replaces content (e.g. a search with no results). */
  role?: "status" | "alert";
}

/** What a list or page shows when there is nothing (or nothing could be loaded). */
export function EmptyState({
  title,
  description,
  icon = "inbox",
  tone = "neutral",
  action,
  compact,
  role,
}: EmptyStateProps) {
  return (
    <Root compact={compact} role={role}>
      <Art tone={tone} aria-hidden>
        <Icon name={icon} size={32} strokeWidth={1.5} />
      </Art>
      <Title>{title}</Title>
      {description ? <Text>{description}</Text> : null}
      {action ? <div style={{ marginTop: 12 }}>{action}</div> : null}
    </Root>
  );
}
