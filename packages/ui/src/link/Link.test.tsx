// @vitest-environment happy-dom
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { computedStyle, hexToRgb } from "../../test/style";
import { colors } from "../theme/tokens";
import { Link } from "./Link";

function RouterLink({ to, children, ...props }: { to: string; children: string; className?: string }) {
  return (
    <a href={`#${to}`} data-router="" {...props}>
      {children}
    </a>
  );
}

describe("Link", () => {
  it("is a link with its text as name", () => {
    render(<Link href="/school/bank-detail">Bank details</Link>);
    expect(screen.getByRole("link", { name: "Bank details" }).getAttribute("href")).toBe("/school/bank-detail");
  });

  it("opens external links safely and says so", () => {
    render(
      <Link href="https://example.org" external>
        Brochure
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Brochure (opens in a new tab)" });
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("styles a router link through asChild", () => {
    render(
      <Link asChild>
        <RouterLink to="/student">Students</RouterLink>
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Students" });
    expect(link.dataset.router).toBe("");
    expect(computedStyle(link, "color")).toBe(hexToRgb(colors.primaryText));
    expect(computedStyle(link, "display")).toBe("inline-flex");
  });

  it("makes a whole card a link with block, without the link's underline", () => {
    render(
      <Link asChild block>
        <RouterLink to="/students">Students registered 42</RouterLink>
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Students registered 42" });
    expect(computedStyle(link, "display")).toBe("block");
    expect(computedStyle(link, "text-decoration")).toMatch(/^none/);
  });
});
