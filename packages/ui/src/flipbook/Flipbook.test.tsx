// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import "../../test/dom";
import { Flipbook, type FlipbookSource } from "./Flipbook";

/** A fake PDF of `pages` pages that records which pages it was asked to draw. */
function fakeSource(pages: number) {
  const drawn: number[] = [];
  const source: FlipbookSource = {
    numPages: pages,
    aspectRatio: async () => 0.7,
    render: async (page, canvas) => {
      drawn.push(page);
      canvas.dataset.page = String(page);
    },
    destroy: vi.fn(),
  };
  return { source, drawn, load: vi.fn(async () => source) };
}

/** jsdom lays nothing out: give the frame a width, as a phone (375) or a desktop would. */
function withWidth(width: number) {
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => width });
}

describe("Flipbook", () => {
  it("opens the PDF, draws only the page in view and turns pages with the buttons", async () => {
    withWidth(375);
    const { load, drawn } = fakeSource(5);
    render(<Flipbook src="/brochure.pdf" title="VVM Brochure" load={load} />);
    expect(screen.getByRole("status", { name: "Opening the flipbook" })).toBeTruthy();
    await screen.findByText("Page 1 of 5");
    expect(load).toHaveBeenCalledWith("/brochure.pdf");
    await waitFor(() => expect(drawn).toEqual([1]));
    expect(screen.getByRole("button", { name: "Previous" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 2 of 5");
    await waitFor(() => expect(drawn).toEqual([1, 2]));
    expect(screen.getByRole("img", { name: "Page 2 of 5" })).toBeTruthy();
  });

  it("answers ←/→, Home and End, and stays within the book", async () => {
    withWidth(375);
    const { load } = fakeSource(4);
    render(<Flipbook src="/b.pdf" title="Brochure" load={load} />);
    const book = await screen.findByRole("region", { name: "Brochure" });
    await screen.findByText("Page 1 of 4");
    fireEvent.keyDown(book, { key: "ArrowLeft" });
    expect(screen.getByText("Page 1 of 4")).toBeTruthy();
    fireEvent.keyDown(book, { key: "ArrowRight" });
    expect(screen.getByText("Page 2 of 4")).toBeTruthy();
    fireEvent.keyDown(book, { key: "End" });
    expect(screen.getByText("Page 4 of 4")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next" }).hasAttribute("disabled")).toBe(true);
    fireEvent.keyDown(book, { key: "Home" });
    expect(screen.getByText("Page 1 of 4")).toBeTruthy();
  });

  it("turns the page with a swipe, not with a small touch movement", async () => {
    withWidth(375);
    const { load } = fakeSource(3);
    render(<Flipbook src="/b.pdf" title="Brochure" load={load} />);
    await screen.findByText("Page 1 of 3");
    const pages = screen.getByRole("img", { name: "Page 1 of 3" }).parentElement as HTMLElement;
    fireEvent.touchStart(pages, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(pages, { changedTouches: [{ clientX: 290 }] });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.touchStart(pages, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(pages, { changedTouches: [{ clientX: 120 }] });
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    fireEvent.touchStart(pages, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(pages, { changedTouches: [{ clientX: 300 }] });
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
  });

  it("shows two pages side by side on a wide screen", async () => {
    withWidth(1000);
    const { load, drawn } = fakeSource(5);
    render(<Flipbook src="/b.pdf" title="Brochure" load={load} />);
    await screen.findByText("Pages 1–2 of 5");
    await waitFor(() => expect(drawn).toEqual([1, 2]));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Pages 3–4 of 5");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Page 5 of 5");
  });

  it("says so, with the fallback, when the PDF cannot be opened", async () => {
    withWidth(375);
    const load = vi.fn(async () => {
      throw new Error("Invalid PDF structure");
    });
    render(<Flipbook src="/b.pdf" title="Brochure" load={load} fallback={<a href="/b.pdf">Download the PDF</a>} />);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Download the PDF");
  });

  it("releases the document when it goes away", async () => {
    withWidth(375);
    const { load, source } = fakeSource(2);
    const view = render(<Flipbook src="/b.pdf" title="Brochure" load={load} />);
    await screen.findByText("Page 1 of 2");
    await act(async () => view.unmount());
    expect(source.destroy).toHaveBeenCalled();
  });
});
