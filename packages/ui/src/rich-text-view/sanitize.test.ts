// @vitest-environment happy-dom
import DOMPurify from "dompurify";
import { describe, expect, it } from "vitest";
import { decodeEntities, escapeText, isSafeUrl, sanitizeHtml } from "./sanitize";

/** Parses sanitised output the way a browser would and lists anything that could run script. */
function dangers(html: string): string[] {
  const container = document.createElement("div");
  container.innerHTML = html;
  const found: string[] = [];
  for (const element of container.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    if (
      ["script", "style", "iframe", "object", "embed", "svg", "math", "form", "input", "base", "meta", "link"].includes(
        tag,
      )
    ) {
      found.push(`<${tag}>`);
    }
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore these inside URLs
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, "").toLowerCase();
      if (name.startsWith("on")) found.push(`${tag}[${name}]`);
      if (
        ["href", "src", "action", "formaction", "xlink:href"].includes(name) &&
        /^(javascript|vbscript|data:text)/.test(value)
      ) {
        found.push(`${tag}[${name}=${value}]`);
      }
      if (name === "style" && /(url|expression|import)/.test(value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

// Classic vectors (OWASP filter-evasion cheat sheet and friends).
const attacks = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=http://x/xss.js></SCRIPT>",
  "<img src=x onerror=alert(1)>",
  '<img src="javascript:alert(1)">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<svg/onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<iframe src=javascript:alert(1)></iframe>",
  "<body onload=alert(1)>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="color: red; background-image: url(x)">x</p>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  '<a href="x" onclick="alert(1)">x</a>',
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  '<img """><script>alert(1)</script>">',
  "<<img src=x onerror=alert(1)//<",
  "<!--<img src=x onerror=alert(1)>-->",
  "<![CDATA[<img src=x onerror=alert(1)>]]>",
  '<p title="</p><img src=x onerror=alert(1)>">x</p>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "<template><img src=x onerror=alert(1)></template>",
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<span class="ql-formula" data-value="x&quot; onmouseover=&quot;alert(1)">y</span>',
  '<a href="https://ok.example" target="_self" rel="opener">ok</a>',
  '<base href="javascript:alert(1)//">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  "<style>*{background:url(javascript:alert(1))}</style>",
  "</div></div></body><script>alert(1)</script>",
];

describe("sanitizeHtml against attacks", () => {
  it.each(attacks)("neutralises %s", (attack) => {
    const clean = sanitizeHtml(attack);
    expect(dangers(clean)).toEqual([]);
    // The oracle agrees: DOMPurify finds nothing more to remove from the output's elements.
    const purified = DOMPurify.sanitize(clean);
    expect(dangers(purified)).toEqual([]);
  });

  it("never lets the output escape its container", () => {
    for (const attack of attacks) {
      const host = document.createElement("section");
      host.innerHTML = `<div id="inner">${sanitizeHtml(attack)}</div><p id="after">after</p>`;
      expect(host.children).toHaveLength(2);
      expect(host.lastElementChild?.id).toBe("after");
    }
  });
});

describe("sanitizeHtml keeps rich text", () => {
  it("keeps Quill's formatting", () => {
    const quill =
      '<h2 class="ql-align-center">Title</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s>, ' +
      'H<sub>2</sub>O, x<sup>2</sup></p><ol><li data-list="bullet" class="ql-indent-1">one</li></ol>' +
      '<blockquote>quote</blockquote><div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block">code</div></div>' +
      '<p class="ql-direction-rtl ql-align-right" dir="rtl">اردو</p><p><span class="ql-size-large" style="color: rgb(230, 0, 0); background-color: #ffff00;">big</span></p>';
    expect(sanitizeHtml(quill)).toBe(
      '<h2 class="ql-align-center">Title</h2><p><strong>Bold</strong>, <em>italic</em>, <u>under</u>, <s>strike</s>, ' +
        'H<sub>2</sub>O, x<sup>2</sup></p><ol><li data-list="bullet" class="ql-indent-1">one</li></ol>' +
        '<blockquote>quote</blockquote><div class="ql-code-block-container"><div class="ql-code-block">code</div></div>' +
        '<p class="ql-direction-rtl ql-align-right" dir="rtl">اردو</p><p><span class="ql-size-large" style="color: rgb(230, 0, 0); background-color: #ffff00">big</span></p>',
    );
  });

  it("keeps safe links (opening new tabs safely) and images", () => {
    expect(sanitizeHtml('<a href="https://example.org/a?x=1&amp;y=2" target="_blank">x</a>')).toBe(
      '<a href="https://example.org/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/student/view">x</a><a href="mailto:a@b.in">m</a>')).toBe(
      '<a href="/student/view">x</a><a href="mailto:a@b.in">m</a>',
    );
    expect(sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=" alt="diagram" width="200">')).toBe(
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="diagram" width="200">',
    );
  });

  it("keeps text, entities and unknown tags' text", () => {
    expect(sanitizeHtml("a &lt; b &amp;&amp; c > d & e")).toBe("a &lt; b &amp;&amp; c &gt; d &amp; e");
    expect(sanitizeHtml("<table><tr><td>cell</td></tr></table>")).toBe("cell");
    expect(sanitizeHtml("<p>open")).toBe("<p>open</p>");
    expect(sanitizeHtml("close</p> stray</div>")).toBe("close stray");
    expect(sanitizeHtml("<p><b>mis</p>nested</b>")).toBe("<p><b>mis</b></p>nested");
  });

  it("renders formulas from their TeX source, dropping the stored rendering", () => {
    const stored =
      '<p>Energy: <span class="ql-formula" data-value="e=mc^2">﻿<span contenteditable="false"><span class="katex"><img src=x onerror=alert(1)>old</span></span>﻿</span>!</p>';
    expect(sanitizeHtml(stored)).toBe('<p>Energy: <span class="ql-formula" data-value="e=mc^2">e=mc^2</span>!</p>');
    expect(sanitizeHtml(stored, { formula: (tex) => `<b>${tex}</b>` })).toBe(
      '<p>Energy: <span class="ql-formula" data-value="e=mc^2"><b>e=mc^2</b></span>!</p>',
    );
    expect(sanitizeHtml('<span class="ql-formula" data-value="a &lt; b">x</span>')).toBe(
      '<span class="ql-formula" data-value="a &lt; b">a &lt; b</span>',
    );
  });
});

describe("helpers", () => {
  it("decodes entities like a browser in attributes", () => {
    expect(decodeEntities("&#106;&#x61;&amp;&lt;&unknown;")).toBe("ja&<&unknown;");
  });
  it("escapes text but keeps entities", () => {
    expect(escapeText("<b> & &amp; &#39;")).toBe("&lt;b&gt; &amp; &amp; &#39;");
  });
  it.each([
    ["https://a.in/x", "link", true],
    ["/relative?a=1&b=2", "link", true],
    ["tel:+911234", "link", true],
    ["JAVASCRIPT:alert(1)", "link", false],
    ["java\nscript:alert(1)", "link", false],
    ["vbscript:x", "link", false],
    ["data:image/png;base64,AAAA", "image", true],
    ["data:image/png;base64,AAAA", "link", false],
    ["data:image/svg+xml;base64,AAAA", "image", false],
    ["mailto:x@y.in", "image", false],
  ] as const)("isSafeUrl(%j, %s) is %s", (url, kind, safe) => expect(isSafeUrl(url, kind)).toBe(safe));
});
