import type { ComponentType, MouseEventHandler, ReactNode } from "react";

/** Props the shell passes to the app's link component. */
export interface ShellLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  "aria-current"?: "page";
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/**
 * How the shell renders links. Defaults to a plain <a>; a Remix app passes its router link, e.g.
 * `const ShellLink = ({ href, ...props }: ShellLinkProps) => <Link to={href} prefetch="intent" {...props} />`
 * (defined once at module level so it keeps its identity between renders).
 */
export type ShellLinkComponent = ComponentType<ShellLinkProps>;

export function PlainLink({ href, ...props }: ShellLinkProps) {
  return <a href={href} {...props} />;
}

/** The signed-in user as the header shows them. */
export interface ShellUser {
  /** Login name; the header shows at most 10 characters of it. */
  username: string;
  name?: string;
  roleName?: string;
  email?: string;
  /** Profile picture address (validated: only image addresses are shown). */
  avatarUrl?: string | null;
  /** The second picture source, shown if it loads within 5 s. */
  avatarFallbackUrl?: string | null;
  /** Name of the user's first assignment (a coordinator's region), if any. */
  assignment?: string;
}
