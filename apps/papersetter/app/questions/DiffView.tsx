import { styled } from "@repo/ui/theme";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { type DiffPart, separatorBetween } from "./diff";

const Root = styled("div", {
  whiteSpace: "pre-wrap",
  overflowWrap: "anywhere",
  lineHeight: "$relaxed",
  color: "$text",
  padding: "$2 $3",
  borderRadius: "$md",
  backgroundColor: "$surfaceMuted",
  "& ins": {
    textDecoration: "underline",
    textDecorationThickness: "2px",
    backgroundColor: "$successLight",
    color: "$successText",
    borderRadius: "$sm",
  },
  "& del": {
    textDecoration: "line-through",
    textDecorationThickness: "2px",
    backgroundColor: "$dangerLight",
    color: "$dangerText",
    borderRadius: "$sm",
  },
});

/**
 * A word diff as text with its insertions underlined (<ins>) and deletions struck through (<del>):
 * the marks show without colour, and screen readers hear "added" and "removed".
 */
export function DiffView({ parts, empty = "(empty)" }: { parts: readonly DiffPart[]; empty?: string }) {
  if (parts.length === 0) return <Root>{empty}</Root>;
  return (
    <Root>
      {parts.map((part, index) => {
        const separator = separatorBetween(parts[index - 1], part);
        const key = `${index}-${part.kind}`;
        if (part.kind === "ins") {
          return (
            <span key={key}>
              {separator}
              <ins>
                <VisuallyHidden>[added: </VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </ins>
            </span>
          );
        }
        if (part.kind === "del") {
          return (
            <span key={key}>
              {separator}
              <del>
                <VisuallyHidden>[removed: </VisuallyHidden>
                {part.text}
                <VisuallyHidden>]</VisuallyHidden>
              </del>
            </span>
          );
        }
        return (
          <span key={key}>
            {separator}
            {part.text}
          </span>
        );
      })}
    </Root>
  );
}
