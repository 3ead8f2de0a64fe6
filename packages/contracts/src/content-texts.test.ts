import { describe, expect, it } from "vitest";
import { richTextToPlain } from "./content-texts";

describe("richTextToPlain", () => {
  it("drops tags, keeps paragraphs as lines and decodes entities", () => {
    expect(
      richTextToPlain(
        "<p>Bring <strong>two</strong> pencils&nbsp;&amp; an eraser.</p><p><br></p><ul><li>A &lt; B</li><li>&#8377;50 &#x2713;</li></ul>",
      ),
    ).toBe("Bring two pencils & an eraser.\nA < B\n₹50 ✓");
  });

  it("keeps a formula's TeX source and never the text of a script", () => {
    expect(
      richTextToPlain(
        '<p>Energy <span class="ql-formula" data-value="E=mc^2"><span>katex</span></span></p><script>alert(1)</script>',
      ),
    ).toBe("Energy E=mc^2");
  });

  it("leaves an unknown entity as written", () => {
    expect(richTextToPlain("<p>&bogus; &#0;</p>")).toBe("&bogus; &#0;");
  });
});
