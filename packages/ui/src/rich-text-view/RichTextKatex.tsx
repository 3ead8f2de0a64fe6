// Loaded lazily (its own chunk, with KaTeX): only pages whose content holds formulas pay for it.
import katex from "katex";
import { RichTextContent } from "./content";
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

export default function RichTextWithFormulas({
  html,
  dir,
  lang,
}: {
  html: string;
  dir?: "ltr" | "rtl" | "auto";
  lang?: string;
}) {
  return (
    <RichTextContent
      dir={dir}
      lang={lang}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list; formulas come from KaTeX
      dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, { formula: renderFormula }) }}
    />
  );
}
