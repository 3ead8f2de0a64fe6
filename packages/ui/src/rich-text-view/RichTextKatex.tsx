// Loaded lazily (its own chunk, with KaTeX): only pages whose content holds formulas pay for it.
import { RichTextContent } from "./content";
import { renderRichText } from "./render";

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
      dangerouslySetInnerHTML={{ __html: renderRichText(html) }}
    />
  );
}
