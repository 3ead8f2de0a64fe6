// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import type { ShellLinkProps } from "../shell/types";
import { Breadcrumbs } from "./Breadcrumbs";

function RouterLink({ href, children, className }: ShellLinkProps) {
  return (
    <a href={`/app${href}`} className={className} data-router="">
      {children}
    </a>
  );
}

describe("Breadcrumbs", () => {
  it("is a named navigation list; the current page is last and not a link", () => {
    render(
      <Breadcrumbs
        items={[{ title: "Home", path: "/" }, { title: "Students" }, { title: "Paid students", path: "/paid-student" }]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" });
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Home",
      "Students",
      "Paid students",
    ]);
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(screen.queryByRole("link", { name: "Paid students" })).toBeNull();
    expect(screen.getByText("Paid students").getAttribute("aria-current")).toBe("page");
    expect(nav).toBeTruthy();
  });

  it("renders links with the app's router link", () => {
    render(<Breadcrumbs items={[{ title: "Home", path: "/" }, { title: "Here" }]} linkComponent={RouterLink} />);
    expect(screen.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/app/");
  });

  it("renders nothing without items", () => {
    const { container } = render(<Breadcrumbs items={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
