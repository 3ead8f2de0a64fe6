import type { ComponentType } from "react";
import { PlainLink, type ShellLinkProps } from "../shell/types";
import { focusRing } from "../theme/focus";
import { css, styled } from "../theme/stitches";

const List = styled("ol", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "$1",
  fontSize: "$sm",
  fontWeight: "$medium",
  color: "$textMuted",
});

const Item = styled("li", {
  display: "inline-flex",
  alignItems: "center",
  gap: "$1",
  // A small bullet between crumbs; it needs no mirroring in right-to-left layouts.
  "& + &::before": {
    content: "",
    width: "5px",
    height: "2px",
    marginInline: "$1",
    borderRadius: "$sm",
    backgroundColor: "$gray400",
  },
  "&[aria-current=page]": { color: "$text" },
});

const crumbLink = css({
  color: "$textMuted",
  textDecoration: "none",
  borderRadius: "$sm",
  "&:hover": { color: "$primaryText", textDecoration: "underline" },
  "&:focus-visible": focusRing,
});

export interface BreadcrumbItem {
  title: string;
  path?: string;
}

export interface BreadcrumbsProps {
  items: readonly BreadcrumbItem[];
  /** The router's link (see ShellLinkComponent); a plain <a> by default. */
  linkComponent?: ComponentType<ShellLinkProps>;
  label?: string;
}

/** Where the page sits in the menu hierarchy; the last crumb is the current page (not a link). */
export function Breadcrumbs({
  items,
  linkComponent: LinkComponent = PlainLink,
  label = "Breadcrumb",
}: BreadcrumbsProps) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label}>
      <List>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Item key={`${item.title}|${item.path ?? ""}`} aria-current={last ? "page" : undefined}>
              {!last && item.path !== undefined ? (
                <LinkComponent href={item.path} className={crumbLink().className}>
                  {item.title}
                </LinkComponent>
              ) : (
                item.title
              )}
            </Item>
          );
        })}
      </List>
    </nav>
  );
}
