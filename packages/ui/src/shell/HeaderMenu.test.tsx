// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { demoMenu } from "./demo";
import { HeaderMenu } from "./HeaderMenu";
import { PlainLink } from "./types";

afterEach(() => vi.useRealTimers());

function renderMenu(location = "/admin-dashboard") {
  return render(<HeaderMenu items={demoMenu} location={location} linkComponent={PlainLink} />);
}

describe("HeaderMenu", () => {
  it("shows top-level links and dropdown buttons", () => {
    renderMenu();
    expect(screen.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Students" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("opens a dropdown with ArrowDown and focuses its first link; Escape closes it", async () => {
    const user = userEvent.setup();
    renderMenu();
    const students = screen.getByRole("button", { name: "Students" });
    students.focus();
    await user.keyboard("{ArrowDown}");
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(students.getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Individual students" }));
    await user.keyboard("{Escape}");
    expect(students.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(students);
  });

  it("opens on mouse hover and closes 200 ms after the pointer leaves", () => {
    vi.useFakeTimers();
    renderMenu();
    const students = screen.getByRole("button", { name: "Students" });
    const item = students.parentElement as HTMLElement;
    fireEvent.pointerEnter(item, { pointerType: "mouse" });
    expect(students.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerLeave(item, { pointerType: "mouse" });
    act(() => {
      vi.advanceTimersByTime(199);
    });
    expect(students.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerEnter(item, { pointerType: "mouse" });
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(students.getAttribute("aria-expanded")).toBe("true");
    fireEvent.pointerLeave(item, { pointerType: "mouse" });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(students.getAttribute("aria-expanded")).toBe("false");
  });

  it("marks the group holding the current page and shows nested groups as sections", async () => {
    const user = userEvent.setup();
    renderMenu("/school-paid-student");
    const students = screen.getByRole("button", { name: "Students" });
    expect(students.hasAttribute("data-trail")).toBe(true);
    await user.click(students);
    expect(screen.getByText("School-wise")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Paid by school" }).getAttribute("aria-current")).toBe("page");
  });
});
