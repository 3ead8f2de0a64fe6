import { styled } from "../theme/stitches";

const Frame = styled("iframe", {
  display: "block",
  width: "100%",
  border: "1px solid $border",
  borderRadius: "$md",
  backgroundColor: "$white",
  variants: {
    height: { sm: { height: "240px" }, md: { height: "420px" }, lg: { height: "640px" } },
  },
  defaultVariants: { height: "md" },
});

export interface DocumentPreviewProps {
  /** Names the frame for assistive technology ("Mail as the recipient sees it"). */
  title: string;
  /** A complete HTML document (a rendered mail, a certificate). */
  html: string;
  height?: "sm" | "md" | "lg";
}

/**
 * Shows an HTML document as its reader would see it, in a frame that runs nothing: no scripts,
 * no forms, no navigation of the portal page (an empty `sandbox`), whatever the document holds.
 */
export function DocumentPreview({ title, html, height = "md" }: DocumentPreviewProps) {
  return <Frame title={title} srcDoc={html} sandbox="" height={height} />;
}
