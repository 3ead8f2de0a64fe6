import katex from "katex";
import { sanitizeHtml } from "./sanitize";

/**
 * TeX → MathML. MathML needs neither KaTeX's stylesheet nor its fonts (browsers render it
 * natively) and screen readers read it, so server-rendered formulas look right at first paint.
 */
export function renderFormula(tex: string): string {
  return katex.renderToString(tex, {
    output: "mathml",
    throwOnError: false,
    trust: false,
    strict: "ignore",
    maxExpand: 500,
    maxSize: 20,
  });
}

/**
 * Stored rich text made ready to show: sanitised with the allow-list and formulas rendered. For a
 * server to run before sending rows to RichTextHtml, so that a long list's page carries neither
 * the sanitiser nor KaTeX to the browser.
 */
export function renderRichText(html: string): string {
  return sanitizeHtml(html, { formula: renderFormula });
}
