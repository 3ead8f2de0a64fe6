// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { AppShell, type AppShellProps, type ShellLinkProps, UserMenuAction } from "./AppShell";
import { demoMenu, demoUser } from "./demo";

function renderShell(props: Partial<AppShellProps> = {}) {
  return render(
    <AppShell menu={demoMenu} location="/paid-student" headerTitle="State Coordinator" user={demoUser} {...props}>
      <p>Page content</p>
    </AppShell>,
  );
}
function RouterLink({ href, ...props }: ShellLinkProps) {
  return <a href={`/app${href}`} data-router="" {...props} />;
}
const mainNav = () => screen.getAllByRole("navigation", { name: "Main" })[0] as HTMLElement;

afterEach(() => vi.useRealTimers());

describe("AppShell layout", () => {
  it("has a skip link, header, main navigation, page heading, content and footer", () => {
    renderShell();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
    expect(within(screen.getByRole("banner")).getByText("State Coordinator", { selector: "p" })).toBeTruthy();
    expect(screen.getByRole("main").textContent).toContain("Page content");
    expect(screen.getByRole("contentinfo").textContent).toMatch(/© Exam Portal/);
    expect(mainNav()).toBeTruthy();
  });

  it("takes the page title from the active link and breadcrumbs from the hierarchy", () => {
    renderShell({ home: { title: "Home", path: "/admin-dashboard" } });
    expect(screen.getByRole("heading", { level: 1, name: "Paid students" })).toBeTruthy();
    const crumbs = within(screen.getByRole("navigation", { name: "Breadcrumb" })).getAllByRole("listitem");
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(["Home", "Students", "Paid students"]);
    expect(within(mainNav()).getByRole("link", { name: "Paid students" }).getAttribute("aria-current")).toBe("page");
  });

  it("lets a page override its title and breadcrumbs", () => {
    renderShell({ pageTitle: "Student 42", breadcrumbs: [{ title: "Students" }, { title: "Student 42" }] });
    expect(screen.getByRole("heading", { level: 1, name: "Student 42" })).toBeTruthy();
  });

  it.each(["dark-sidebar", "light-sidebar", "dark-header", "light-header"] as const)(
    "renders the %s layout",
    async (layout) => {
      const { container } = renderShell({ layout });
      const root = container.firstElementChild as HTMLElement;
      expect(root.dataset.layout).toBe(layout);
      expect(root.hasAttribute("data-has-sidebar")).toBe(layout.endsWith("sidebar"));
      if (layout.endsWith("header")) {
        // The header carries the menu as dropdowns (shown from the large breakpoint; jsdom has no
        // media queries, hence `hidden: true`). It loads lazily, with the header layouts only.
        const headerNav = await within(screen.getByRole("banner")).findByRole("navigation", {
          name: "Main",
          hidden: true,
        });
        expect(within(headerNav).getByRole("button", { name: "Students", hidden: true })).toBeTruthy();
      }
    },
  );

  it("hides the toolbar row when the header shows the page title", () => {
    renderShell({ headerContent: "page-title", toolbar: <button type="button">Create</button> });
    // In the header from the large breakpoint (jsdom has no media queries, hence `hidden: true`).
    const banner = within(screen.getByRole("banner"));
    expect(banner.getByRole("heading", { level: 1, name: "Paid students", hidden: true })).toBeTruthy();
    expect(banner.getByRole("button", { name: "Create", hidden: true })).toBeTruthy();
  });

  it("has no header for the outbox role, and a sidebar footer", () => {
    renderShell({ hideHeader: true, user: undefined, sidebarFooter: <button type="button">Sign out</button> });
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeTruthy();
  });

  it("renders links with the app's link component", () => {
    renderShell({ linkComponent: RouterLink });
    expect(within(mainNav()).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe(
      "/app/admin-dashboard",
    );
  });

  it("shows the loading bar on demand", () => {
    renderShell({ loading: true });
    expect(screen.getByRole("progressbar", { name: "Loading" })).toBeTruthy();
  });
});

describe("sidebar menu", () => {
  it("collapses groups except the active one; opening a group closes its siblings", async () => {
    const user = userEvent.setup();
    renderShell();
    const nav = within(mainNav());
    const students = nav.getByRole("button", { name: "Students" });
    const schools = nav.getByRole("button", { name: "Schools" });
    expect(students.getAttribute("aria-expanded")).toBe("true");
    expect(schools.getAttribute("aria-expanded")).toBe("false");
    await user.click(schools);
    expect(schools.getAttribute("aria-expanded")).toBe("true");
    expect(students.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(schools.getAttribute("aria-controls") ?? "")?.textContent).toContain("Paid schools");
  });

  it("is operable by keyboard", async () => {
    const user = userEvent.setup();
    renderShell({ location: "/admin-dashboard" });
    const results = within(mainNav()).getByRole("button", { name: "Result overview" });
    results.focus();
    await user.keyboard("{Enter}");
    expect(results.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard(" ");
    expect(results.getAttribute("aria-expanded")).toBe("false");
  });

  it("minimises with an animating class for 300 ms", () => {
    vi.useFakeTimers();
    const onMinimizedChange = vi.fn();
    const { container } = renderShell({ onMinimizedChange });
    const toggle = screen.getByRole("button", { name: "Minimize sidebar" });
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect((container.firstElementChild as HTMLElement).hasAttribute("data-minimized")).toBe(true);
    const sidebar = container.querySelector("[data-sidebar]") as HTMLElement;
    expect(sidebar.classList.contains("animating")).toBe(true);
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(sidebar.classList.contains("animating")).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sidebar.classList.contains("animating")).toBe(false);
    expect(onMinimizedChange).toHaveBeenCalledWith(true);
  });
});

describe("drawer (below the large breakpoint)", () => {
  function phone() {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes("max-width") });
    return () => {
      window.matchMedia = original;
    };
  }

  it("opens as a modal dialog, closes on Escape and returns focus", async () => {
    const restore = phone();
    const user = userEvent.setup();
    const { container } = renderShell();
    const open = screen.getByRole("button", { name: "Open menu" });
    await user.click(open);
    const drawer = screen.getByRole("dialog", { name: "Menu" });
    expect(drawer.getAttribute("aria-modal")).toBe("true");
    expect(open.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(within(drawer).getByRole("button", { name: "Close menu" }));
    const wrapper = container.querySelector("[data-sidebar]")?.nextElementSibling?.nextElementSibling as HTMLElement & {
      inert: boolean;
    };
    expect(wrapper.inert).toBe(true);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(open);
    expect(wrapper.inert).toBe(false);
    restore();
  });

  it("closes with its close button, the overlay, or when a link is followed", async () => {
    const restore = phone();
    const user = userEvent.setup();
    const { container, rerender } = renderShell();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(screen.getByRole("button", { name: "Close menu" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    fireEvent.click(container.querySelector("[data-sidebar] + div") as HTMLElement);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    rerender(
      <AppShell menu={demoMenu} location="/total-student" user={demoUser}>
        <p>Other page</p>
      </AppShell>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    restore();
  });
});

describe("scrolling", () => {
  it("makes the header sticky and shows the scroll-to-top button past 200 px", () => {
    const { container } = renderShell();
    const header = screen.getByRole("banner");
    expect(header.hasAttribute("data-sticky")).toBe(false);
    const button = container.querySelector('button[aria-label="Scroll to top"]') as HTMLElement;
    expect(button.hasAttribute("data-visible")).toBe(false);
    vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    Object.defineProperty(window, "scrollY", { configurable: true, value: 320 });
    act(() => {
      window.dispatchEvent(new Event("scroll"));
    });
    expect(header.hasAttribute("data-sticky")).toBe(true);
    expect(button.hasAttribute("data-visible")).toBe(true);
    Object.defineProperty(window, "scrollY", { configurable: true, value: 0 });
  });
});

describe("user menu", () => {
  it("shows the user card and actions; the name is cut to 10 characters", async () => {
    const user = userEvent.setup();
    const onProfile = vi.fn();
    renderShell({ userActions: <UserMenuAction onClick={onProfile}>My Profile</UserMenuAction> });
    // (The greeting is hidden below the medium breakpoint; jsdom has no media queries.)
    const trigger = screen.getByRole("button", { name: /Account menu, Anita Deshpande$/ });
    expect(trigger.textContent).toContain("statecoord…");
    await user.click(trigger);
    expect(screen.getByText("anita.deshpande@example.org")).toBeTruthy();
    expect(screen.getByText("Maharashtra")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "My Profile" }));
    expect(onProfile).toHaveBeenCalledOnce();
    await user.keyboard("{Escape}");
    expect(document.activeElement).toBe(trigger);
  });
});
