import { forwardRef, type ReactNode, useId, useRef, useState } from "react";
import { Avatar } from "../avatar/Avatar";
import { Badge } from "../badge/Badge";
import { Icon, type IconName } from "../icon/Icon";
import { useDismiss } from "../internal/useDismiss";
import { focusRing } from "../theme/focus";
import { styled } from "../theme/stitches";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";
import { shortUsername } from "./menu";
import type { ShellUser } from "./types";

const Trigger = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  display: "inline-flex",
  alignItems: "center",
  gap: "$2",
  padding: "$1",
  paddingInlineEnd: "$2",
  borderRadius: "$lg",
  cursor: "pointer",
  color: "var(--header-text, $gray800)",
  fontWeight: "$semibold",
  fontSize: "$md",
  "&:hover, &[aria-expanded=true]": { backgroundColor: "var(--header-hover, $surfaceHover)" },
  "&:focus-visible": focusRing,
});

const Greeting = styled("span", {
  display: "none",
  whiteSpace: "nowrap",
  "@md": { display: "inline" },
  "& span": { color: "var(--header-muted, $textMuted)", fontWeight: "$medium" },
});

const Panel = styled("div", {
  position: "absolute",
  top: "calc(100% + 8px)",
  insetInlineEnd: 0,
  zIndex: "$menuDropdown",
  width: "290px",
  maxWidth: "calc(100vw - 24px)",
  backgroundColor: "$surface",
  color: "$text",
  border: "1px solid $border",
  borderRadius: "$lg",
  boxShadow: "$dropdown",
  "&[hidden]": { display: "none" },
});

const Head = styled("div", {
  display: "flex",
  gap: "$3",
  alignItems: "center",
  padding: "$4",
  borderBottom: "1px solid $border",
});
const Name = styled("p", {
  margin: 0,
  fontWeight: "$semibold",
  color: "$text",
  display: "flex",
  flexWrap: "wrap",
  gap: "$2",
});
const Detail = styled("p", { margin: "2px 0 0", fontSize: "$sm", color: "$textMuted", overflowWrap: "anywhere" });
const Actions = styled("div", { padding: "$2", display: "grid", gap: "2px", "& form": { display: "contents" } });

const ActionButton = styled("button", {
  all: "unset",
  boxSizing: "border-box",
  display: "flex",
  alignItems: "center",
  gap: "$3",
  width: "100%",
  padding: "$2 $3",
  borderRadius: "$md",
  fontSize: "$md",
  color: "$gray800",
  cursor: "pointer",
  textDecoration: "none",
  "&:hover": { backgroundColor: "$surfaceHover", color: "$primaryText" },
  "&:focus-visible": { ...focusRing, outlineOffset: "-2px" },
});

export interface UserMenuActionProps {
  children: ReactNode;
  icon?: IconName;
  onClick?: () => void;
  /** A link instead of a button. */
  href?: string;
  /** "submit" to send a surrounding form (e.g. a sign-out form with its CSRF token). */
  type?: "button" | "submit";
}

/** One row of the user menu: "My Profile", "Sign Out"… */
export const UserMenuAction = forwardRef<HTMLButtonElement, UserMenuActionProps>(function UserMenuAction(
  { children, icon, onClick, href, type = "button" },
  ref,
) {
  const content = (
    <>
      {icon ? <Icon name={icon} size={18} /> : null}
      {children}
    </>
  );
  if (href) {
    return (
      <ActionButton as="a" href={href} onClick={onClick}>
        {content}
      </ActionButton>
    );
  }
  return (
    <ActionButton ref={ref} type={type} onClick={onClick}>
      {content}
    </ActionButton>
  );
});

export interface UserMenuProps {
  user: ShellUser;
  /** Rows under the user card, e.g. <UserMenuAction icon="user">My Profile</UserMenuAction>. */
  actions?: ReactNode;
}

/** The header's user button and its panel: picture, name, role, e-mail, assignment, actions. */
export function UserMenu({ user, actions }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), [rootRef], triggerRef);
  const displayName = user.name || user.username;
  return (
    <div ref={rootRef} style={{ position: "relative" }}>
      <Trigger ref={triggerRef} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
        {/* The visible greeting starts the button's name (WCAG "label in name"). */}
        <Greeting>
          <span>Hi, </span>
          <bdi>{shortUsername(user.username)}</bdi>
        </Greeting>{" "}
        <VisuallyHidden>Account menu, {displayName}</VisuallyHidden>
        <Avatar name={displayName} src={user.avatarUrl} fallbackSrc={user.avatarFallbackUrl} size="sm" decorative />
      </Trigger>
      <Panel id={panelId} hidden={!open}>
        <Head>
          <Avatar name={displayName} src={user.avatarUrl} fallbackSrc={user.avatarFallbackUrl} size="lg" decorative />
          <div style={{ minWidth: 0 }}>
            <Name>
              {displayName}
              {user.roleName ? (
                <Badge tone="success" size="sm">
                  {user.roleName}
                </Badge>
              ) : null}
            </Name>
            {user.email ? <Detail>{user.email}</Detail> : null}
            {user.assignment ? <Detail>{user.assignment}</Detail> : null}
          </div>
        </Head>
        {actions ? <Actions>{actions}</Actions> : null}
      </Panel>
    </div>
  );
}
