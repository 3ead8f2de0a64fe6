import type { ComponentType } from "react";
import { Icon } from "../icon/Icon";
import { IconButtonFrame } from "../icon-button/IconButtonFrame";
import { PlainLink, type ShellLinkComponent, type ShellLinkProps } from "../shell/types";
import { styled } from "../theme/stitches";

const Count = styled("span", {
  position: "absolute",
  top: 2,
  right: 2,
  minWidth: 18,
  height: 18,
  paddingInline: 4,
  borderRadius: "$round",
  backgroundColor: "$dangerSolid",
  color: "$white",
  fontSize: 11,
  fontWeight: "$semibold",
  lineHeight: "18px",
  textAlign: "center",
  pointerEvents: "none",
});

const Frame = styled(IconButtonFrame, { position: "relative", textDecoration: "none" });

/** More than this shows as "99+". */
export const BELL_MAX_COUNT = 99;

export interface NotificationBellProps {
  /** Where the bell leads (the notifications page). */
  href: string;
  /** Unread notifications; 0 hides the number. */
  count: number;
  /** The router's link (the shell's link component); a plain anchor by default. */
  linkComponent?: ShellLinkComponent;
}

/** The shell's link components pass every other prop on to their anchor (the accessible name here). */
type NamedLink = ComponentType<ShellLinkProps & { "aria-label": string; title: string }>;

/**
 * The header's bell: a link to the notifications page whose name says how many are unread
 * ("Notifications, 3 unread"; "Notifications, 99+ unread" above 99), with the number on the bell for sighted users.
 */
export function NotificationBell({ href, count, linkComponent }: NotificationBellProps) {
  const shown = count > BELL_MAX_COUNT ? `${BELL_MAX_COUNT}+` : String(count);
  // The name holds the number as shown ("99+"): speech users say what they see (WCAG 2.5.3).
  const label = count > 0 ? `Notifications, ${shown} unread` : "Notifications";
  return (
    <Frame
      as={(linkComponent ?? PlainLink) as NamedLink}
      href={href}
      aria-label={label}
      title={label}
      variant="ghost"
      round
    >
      <Icon name="bell" size={20} />
      {count > 0 ? <Count aria-hidden="true">{shown}</Count> : null}
    </Frame>
  );
}
