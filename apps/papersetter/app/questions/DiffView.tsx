import { DiffText } from "@repo/ui/diff-text";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { type DiffPart, separatorBetween } from "./diff";

/**
 * A word diff as text with its insertions underlined (<ins>) and deletions struck through (<del>):
 * the marks show without colour, and screen readers hear "added" and "removed".
 */
export function DiffView({ parts, empty = "(empty)" }: { parts: readonly DiffPart[]; empty?: string }) {
  if (parts.length === 0) return <DiffText>{empty}</DiffText>;
  return (
    <DiffText>
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
    </DiffText>
  );
}
