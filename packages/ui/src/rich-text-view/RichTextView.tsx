import { lazy, Suspense, useMemo } from "react";
import { RichTextContent } from "./content";
import { sanitizeHtml } from "./sanitize";

export { sanitizeHtml } from "./sanitize";

// KaTeX comes in its own chunk, and only when the content holds a formula.
const RichTextWithFormulas = lazy(() => import("./RichTextKatex"));

export interface RichTextViewProps {
  /** Stored rich text (HTML written by the RichTextEditor); sanitised before display. */
  html: string;
  dir?: "ltr" | "rtl" | "auto";
  /** Language of the content (e.g. "hi", "ur"): right fonts and pronunciation. */
  lang?: string;
}

/**
 * Shows stored rich text, formulas included, on the server as well as in the browser. Content is
 * sanitised with an allow-list; formulas are rendered again from their TeX source (as MathML).
 * While KaTeX loads on a client-side navigation, formulas show as their TeX source.
 */
export function RichTextView({ html, dir, lang }: RichTextViewProps) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by an allow-list
  const plain = <RichTextContent dir={dir} lang={lang} dangerouslySetInnerHTML={{ __html: safe }} />;
  if (!html.includes("ql-formula")) return plain;
  return (
    <Suspense fallback={plain}>
      <RichTextWithFormulas html={html} dir={dir} lang={lang} />
    </Suspense>
  );
}
