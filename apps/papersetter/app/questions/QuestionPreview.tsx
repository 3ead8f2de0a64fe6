import { Badge } from "@repo/ui/badge";
import { Icon } from "@repo/ui/icon";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";

const Options = styled("ol", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: "$2",
});
const OptionRow = styled("li", {
  display: "grid",
  gridTemplateColumns: "2rem 1fr auto",
  alignItems: "start",
  gap: "$2",
  padding: "$2 $3",
  borderRadius: "$md",
  border: "1px solid $border",
  "&[data-correct]": { borderColor: "$success", backgroundColor: "$successLight" },
  "& p": { margin: 0 },
});
const Key = styled("span", { fontWeight: "$semibold", color: "$text" });
const Heading = styled("h3", { margin: 0, fontSize: "$md", fontWeight: "$semibold", color: "$text" });

export interface PreviewContent {
  text: string;
  options: readonly { key: string; html: string }[];
  /** Absent for a translator, who sees no answer key (decision 049). */
  correct?: readonly string[];
  explanation: string;
}

/**
 * A question as it reads once saved: its text, the options with the correct ones marked (in
 * words, not only by colour) and the explanation, through the kit's rich-text view.
 */
export function QuestionPreview({ content, headingLevel = 3 }: { content: PreviewContent; headingLevel?: 3 | 4 }) {
  const heading = headingLevel === 4 ? "h4" : "h3";
  return (
    <Stack gap={4}>
      {content.text ? (
        <RichTextView html={content.text} lang="en" />
      ) : (
        <Text tone="muted">The question text is still empty.</Text>
      )}
      <Options aria-label="Options">
        {content.options.map((option) => {
          const correct = content.correct?.includes(option.key) ?? false;
          return (
            <OptionRow key={option.key} data-correct={correct ? "" : undefined}>
              <Key>({option.key})</Key>
              {option.html ? <RichTextView html={option.html} lang="en" /> : <Text tone="muted">Empty option</Text>}
              {correct ? (
                <Badge tone="success" size="sm">
                  <Icon name="check" size={14} aria-hidden />
                  Correct
                </Badge>
              ) : (
                <span />
              )}
            </OptionRow>
          );
        })}
      </Options>
      {content.explanation ? (
        <Stack gap={2}>
          <Heading as={heading}>Explanation</Heading>
          <RichTextView html={content.explanation} lang="en" />
        </Stack>
      ) : null}
    </Stack>
  );
}
