import { RichTextContent } from "./content";

export interface RichTextHtmlProps {
  /** HTML that renderRichText made on the server: sanitised, formulas rendered. Nothing else. */
  trustedHtml: string;
  dir?: "ltr" | "rtl" | "auto";
  lang?: string;
}

/**
 * Rich text a server already sanitised and rendered (renderRichText), shown with the same
 * typography as RichTextView, without the sanitiser or KaTeX in the browser: for lists.
 */
export function RichTextHtml({ trustedHtml, dir, lang }: RichTextHtmlProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: made by renderRichText (allow-list sanitiser) on the server
  return <RichTextContent dir={dir} lang={lang} dangerouslySetInnerHTML={{ __html: trustedHtml }} />;
}
