import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichTextHtml } from "./RichTextHtml";
import { renderRichText } from "./render";

describe("rich text rendered on the server for lists", () => {
  it("sanitises and draws formulas as MathML, once, where the browser needs no KaTeX", () => {
    const html = renderRichText(
      '<p onclick="x()">Area <span class="ql-formula" data-value="\\pi r^2">old</span><script>alert(1)</script></p>',
    );
    expect(html).not.toMatch(/script|onclick|old/);
    expect(html).toContain('<span class="ql-formula" data-value="\\pi r^2">');
    expect(html).toContain("<math");
    // The same as RichTextView shows after KaTeX loads, in the kit's typography.
    const shown = renderToString(<RichTextHtml trustedHtml={html} lang="en" />);
    expect(shown).toContain('lang="en"');
    expect(shown).toContain("<math");
  });
});
