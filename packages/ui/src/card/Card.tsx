import type { ReactNode } from "react";
import { styled } from "../theme/stitches";

const Root = styled("section", {
  backgroundColor: "$surface",
  borderRadius: "$lg",
  boxShadow: "$card",
  border: "1px solid $border",
  padding: "$6",
  display: "flex",
  flexDirection: "column",
  gap: "$4",
});

const Title = styled("h2", { margin: 0, fontSize: "$xl", fontWeight: 600, color: "$text" });
const Body = styled("div", { color: "$textMuted", lineHeight: 1.5 });

export interface CardProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links shown under the body. */
  actions?: ReactNode;
}

/** A titled panel on the page surface. */
export function Card({ title, children, actions }: CardProps) {
  const headingId = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <Root aria-labelledby={headingId}>
      <Title id={headingId}>{title}</Title>
      {children ? <Body>{children}</Body> : null}
      {actions ? <div>{actions}</div> : null}
    </Root>
  );
}
