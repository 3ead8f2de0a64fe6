// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Avatar } from "./Avatar";

// jsdom never loads images: drive load and error by hand.
const created: HTMLImageElement[] = [];
const RealImage = window.Image;
beforeEach(() => {
  created.length = 0;
  window.Image = class extends RealImage {
    constructor() {
      super();
      created.push(this);
    }
  } as typeof Image;
});
afterEach(() => {
  window.Image = RealImage;
  vi.useRealTimers();
});

describe("Avatar", () => {
  it("shows a picture whose address is a valid image address", () => {
    render(<Avatar name="Anita Deshpande" src="/photos/anita.jpg" />);
    const avatar = screen.getByRole("img", { name: "Anita Deshpande" });
    expect(avatar.querySelector("img")?.getAttribute("src")).toBe("/photos/anita.jpg");
  });

  it("shows the blank avatar for an invalid address", () => {
    render(<Avatar name="Anita" src="/photos/anita.pdf" />);
    const avatar = screen.getByRole("img", { name: "Anita" });
    expect(avatar.querySelector("img")).toBeNull();
    expect(avatar.dataset.state).toBe("blank");
  });

  it("falls back to blank when the picture fails to load", () => {
    render(<Avatar name="Anita" src="/broken.png" />);
    const image = screen.getByRole("img", { name: "Anita" }).querySelector("img");
    if (!image) throw new Error("no image");
    fireEvent.error(image);
    expect(screen.getByRole("img", { name: "Anita" }).dataset.state).toBe("blank");
  });

  it("uses the second source only if it loads within 5 s", async () => {
    vi.useFakeTimers();
    render(<Avatar name="Ravi" src={null} fallbackSrc="https://cdn.example.org/ravi.png" />);
    expect(screen.getByRole("img", { name: "Ravi" }).dataset.state).toBe("blank");
    await act(async () => {
      vi.advanceTimersByTime(1_000);
      created[0]?.onload?.(new Event("load"));
    });
    expect(screen.getByRole("img", { name: "Ravi" }).querySelector("img")?.getAttribute("src")).toBe(
      "https://cdn.example.org/ravi.png",
    );
  });

  it("keeps the blank avatar when the second source is too slow", async () => {
    vi.useFakeTimers();
    render(<Avatar name="Ravi" fallbackSrc="https://cdn.example.org/ravi.png" />);
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    created[0]?.onload?.(new Event("load"));
    expect(screen.getByRole("img", { name: "Ravi" }).dataset.state).toBe("blank");
  });

  it("is hidden from screen readers when decorative", () => {
    const { container } = render(<Avatar name="Anita" decorative />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(container.firstElementChild?.getAttribute("aria-hidden")).toBe("true");
  });
});
