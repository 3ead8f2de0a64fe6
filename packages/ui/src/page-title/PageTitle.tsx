import type { ComponentType, ReactNode } from "react";
import { type BreadcrumbItem, Breadcrumbs } from "../breadcrumbs/Breadcrumbs";
import type { VariantValue } from "../internal/styled-props";
import type { ShellLinkProps } from "../shell/types";
import { styled } from "../theme/stitches";

const Root = styled("div", {
  display: "flex",
  flexDirection: "column",
  gap: "$1",
  minWidth: 0,
  variants: { direction: { column: {}, row: { "@md": { flexDirection: "row", alignItems: "center", gap: "$3" } } } },
});

const Heading = styled("h1", {
  margin: 0,
  fontSize: "$xl",
  fontWeight: "$semibold",
  lineHeight: "$tight",
  color: "$text",
  overflowWrap: "anywhere",
  variants: { size: { md: {}, lg: { fontSize: "$xxl" } } },
});

const Description = styled("p", { margin: 0, fontSize: "$sm", color: "$textMuted" });

export interface PageTitleProps {
  title: string;
  breadcrumbs?: readonly BreadcrumbItem[];
  description?: ReactNode;
  /** Breadcrumbs under the title (default) or beside it. */
  direction?: VariantValue<typeof Root, "direction">;
  size?: VariantValue<typeof Heading, "size">;
  linkComponent?: ComponentType<ShellLinkProps>;
}

/** The page's single <h1> with its breadcrumbs and an optional description. */
export function PageTitle({
  title,
  breadcrumbs,
  description,
  direction = "column",
  size = "md",
  linkComponent,
}: PageTitleProps) {
  return (
    <Root direction={direction}>
      <Heading size={size}>{title}</Heading>
      {breadcrumbs?.length ? <Breadcrumbs items={breadcrumbs} linkComponent={linkComponent} /> : null}
      {description ? <Description>{description}</Description> : null}
    </Root>
  );
}
