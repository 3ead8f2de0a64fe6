import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from "react";
import { Badge } from "../badge/Badge";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";

const List = styled("ul", { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "$3" });

const Item = styled("li", {
  display: "grid",
  gap: "$2",
  border: "1px solid $border",
  borderRadius: "$lg",
  padding: "$4",
  backgroundColor: "$surface",
  variants: {
    unread: { true: { borderInlineStart: "4px solid $primary", backgroundColor: "$surfaceMuted" } },
  },
});

const Head = styled("div", { display: "flex", alignItems: "center", justifyContent: "space-between", gap: "$3" });
const Meta = styled("div", { fontSize: "$sm", color: "$textMuted" });

const TitleButton = styled("button", {
  all: "unset",
  cursor: "pointer",
  fontSize: "$md",
  fontWeight: "$medium",
  color: "$text",
  overflowWrap: "anywhere",
  "&:hover": { color: "$primaryText", textDecoration: "underline" },
  "&:focus-visible": { ...focusRing, borderRadius: "$sm" },
  variants: { unread: { true: { fontWeight: "$bold" } } },
});

export interface NoticeTitleButtonProps extends ComponentPropsWithoutRef<"button"> {
  unread?: boolean;
}

/**
 * The button that opens a notice: it looks like the notice's title. Put it in a form (or give it an
 * onClick); unread titles are bold.
 */
export const NoticeTitleButton = forwardRef<HTMLButtonElement, NoticeTitleButtonProps>(function NoticeTitleButton(
  { unread = false, type = "button", ...props },
  ref,
) {
  return <TitleButton ref={ref} type={type} unread={unread} {...props} />;
});

export interface NoticeListProps {
  /** The list's accessible name, e.g. "Notifications". */
  label: string;
  children: ReactNode;
}

/** A list of notices (notifications, circulars), newest first as the caller orders them. */
export function NoticeList({ label, children }: NoticeListProps) {
  return <List aria-label={label}>{children}</List>;
}

export interface NoticeItemProps {
  /** The title, usually a NoticeTitleButton that opens the notice. */
  title: ReactNode;
  /** A line under the title: when it was published. */
  meta?: ReactNode;
  unread?: boolean;
  /** The notice's text, when it is open. */
  children?: ReactNode;
}

/** One notice; unread ones carry a bar, a tint and an "Unread" badge (so colour is not the only sign). */
export function NoticeItem({ title, meta, unread = false, children }: NoticeItemProps) {
  return (
    <Item unread={unread}>
      <Head>
        {title}
        {unread ? (
          <Badge tone="success" size="sm">
            Unread
          </Badge>
        ) : null}
      </Head>
      {meta ? <Meta>{meta}</Meta> : null}
      {children}
    </Item>
  );
}
