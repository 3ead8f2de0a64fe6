// @vitest-environment happy-dom
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { RichTextView } from "./RichTextView";

describe("RichTextView", () => {
  it("shows stored rich text, sanitised", () => {
    const { container } = render(
      <RichTextView
        html={
          '<h2>Instructions</h2><p>Read <strong>all</strong> questions.<img src=x onerror="alert(1)"></p><script>alert(2)</script>'
        }
      />,
    );
    expect(screen.getByRole("heading", { level: 2, name: "Instructions" })).toBeTruthy();
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")?.hasAttribute("onerror")).toBe(false);
  });

  it("renders formulas with KaTeX (as MathML), loaded on demand", async () => {
    const { container } = render(
      <RichTextView html={'<p>Energy: <span class="ql-formula" data-value="E=mc^2"></span></p>'} />,
    );
    await waitFor(() => expect(container.querySelector("math")).not.toBeNull());
    expect(container.querySelector("annotation")?.textContent).toBe("E=mc^2");
  });

  it("keeps the content's language and direction", () => {
    const { container } = render(<RichTextView html="<p>سوال</p>" dir="rtl" lang="ur" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root.getAttribute("dir")).toBe("rtl");
    expect(root.getAttribute("lang")).toBe("ur");
  });
});
