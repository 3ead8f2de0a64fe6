import { type ReactNode, useId } from "react";
import type { VariantValue } from "../internal/styled-props";
import { styled } from "../theme/stitches";

const Root = styled("section", {
  backgroundColor: "$surface",
  borderRadius: "$lg",
  boxShadow: "$card",
  border: "1px solid $border",
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
});

const Header = styled("div", {
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  flexWrap: "wrap",
  gap: "$3",
  padding: "$5",
  "@md": { padding: "$5 $6" },
});

const Title = styled("h2", {
  margin: 0,
  fontSize: "$xl",
  fontWeight: "$semibold",
  lineHeight: "$tight",
  color: "$text",
  variants: { level: { 2: {}, 3: { fontSize: "$lg" } } },
});
const Description = styled("p", { margin: "$1 0 0", fontSize: "$sm", color: "$textMuted" });

const Body = styled("div", {
  color: "$gray800",
  lineHeight: "$normal",
  padding: "0 $5 $5",
  "@md": { padding: "0 $6 $6" },
  variants: { flush: { true: { padding: "0 !important" } } },
});

const Footer = styled("div", {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "$2",
  padding: "$4 $5",
  borderTop: "1px solid $border",
  "@md": { padding: "$4 $6" },
});

export interface CardProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links shown under the body. */
  actions?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Controls at the end of the title row (a filter, a menu). */
  headerActions?: ReactNode;
  /** No side padding around the body: for tables and charts that run edge to edge. */
  flush?: boolean;
  /** Heading level of the title (2 by default; 3 for cards inside a titled section). */
  headingLevel?: VariantValue<typeof Title, "level">;
}

/** A titled panel on the page surface; a region named by its title. */
export function Card({ title, children, actions, description, headerActions, flush, headingLevel = 2 }: CardProps) {
  const headingId = useId();
  return (
    <Root aria-labelledby={headingId}>
      <Header>
        <div>
          <Title as={headingLevel === 3 ? "h3" : "h2"} level={headingLevel} id={headingId}>
            {title}
          </Title>
          {description ? <Description>{description}</Description> : null}
        </div>
        {headerActions ? <div>{headerActions}</div> : null}
      </Header>
      {children ? <Body flush={flush}>{children}</Body> : null}
      {actions ? <Footer>{actions}</Footer> : null}
    </Root>
  );
}
