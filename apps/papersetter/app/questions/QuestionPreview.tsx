import { Badge } from "@repo/ui/badge";
import { Icon } from "@repo/ui/icon";
import { Panel } from "@repo/ui/panel";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

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
  return (
    <Stack gap={4}>
      {content.text ? (
        <RichTextView html={content.text} lang="en" />
      ) : (
        <Text tone="muted">The question text is still empty.</Text>
      )}
      <Stack element="ol" gap={2} aria-label="Options">
        {content.options.map((option) => {
          const correct = content.correct?.includes(option.key) ?? false;
          return (
            <Panel key={option.key} element="li" tone={correct ? "success" : "none"} padding={2} tight>
              <Split layout="keyed" gap={2}>
                <Text inline weight="semibold">
                  ({option.key})
                </Text>
                {option.html ? <RichTextView html={option.html} lang="en" /> : <Text tone="muted">Empty option</Text>}
                {correct ? (
                  <Badge tone="success" size="sm">
                    <Icon name="check" size={14} aria-hidden />
                    Correct
                  </Badge>
                ) : (
                  <span />
                )}
              </Split>
            </Panel>
          );
        })}
      </Stack>
      {content.explanation ? (
        <Stack gap={2}>
          <Text heading={headingLevel}>Explanation</Text>
          <RichTextView html={content.explanation} lang="en" />
        </Stack>
      ) : null}
    </Stack>
  );
}
