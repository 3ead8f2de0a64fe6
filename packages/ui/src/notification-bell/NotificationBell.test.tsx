// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import type { ShellLinkProps } from "../shell/types";
import { NotificationBell } from "./NotificationBell";

const Link = ({ href, children, ...props }: ShellLinkProps) => (
  <a data-router="yes" href={href} {...props}>
    {children}
  </a>
);

describe("NotificationBell", () => {
  it("is a link named by the unread count, with the number hidden from screen readers", () => {
    render(<NotificationBell href="/content/notifications" count={3} />);
    const link = screen.getByRole("link", { name: "Notifications, 3 unread" });
    expect(link.getAttribute("href")).toBe("/content/notifications");
    expect(link.textContent).toBe("3");
    expect(link.querySelector("span[aria-hidden='true']")?.textContent).toBe("3");
  });

  it("shows no number when everything is read, and caps a large count", () => {
    const { rerender } = render(<NotificationBell href="/n" count={0} />);
    expect(screen.getByRole("link", { name: "Notifications" }).textContent).toBe("");
    rerender(<NotificationBell href="/n" count={250} />);
    expect(screen.getByRole("link", { name: "Notifications, 99+ unread" }).textContent).toBe("99+");
  });

  it("renders through the router's link component", () => {
    render(<NotificationBell href="/n" count={1} linkComponent={Link} />);
    expect(screen.getByRole("link", { name: "Notifications, 1 unread" }).getAttribute("data-router")).toBe("yes");
  });
});
