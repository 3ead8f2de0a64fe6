import type { components } from "@repo/api-client/schema";
import { EXAM_LEVEL_TYPES } from "@repo/contracts/content-texts-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";

type Syllabus = components["schemas"]["SyllabusItem"];

const Contents = styled("nav", {
  "& ol": { margin: 0, paddingInlineStart: "$5", display: "grid", gap: "$1" },
  "& a": { color: "$primaryText" },
});
const Section = styled("section", { scrollMarginTop: "80px" });
const Heading = styled("h3", { margin: 0, fontSize: "$lg", fontWeight: "$semibold", color: "$text" });

const anchorOf = (item: Syllabus) => `syllabus-${item.syllabus_type}-${item.class_level}-${item.id}`;
const headingOf = (item: Syllabus) => `Class ${classLabel(item.class_level)}: ${item.title}`;

/**
 * Syllabus items as one readable document: for each exam level, a table of contents and then
 * each class's syllabus (formulas rendered by RichTextView, which loads KaTeX only when needed).
 * `showDrafts` marks unpublished items for the publishers' preview.
 */
export function SyllabusDocument({ items, showDrafts = false }: { items: Syllabus[]; showDrafts?: boolean }) {
  const levels = EXAM_LEVEL_TYPES.map((level) => ({
    ...level,
    items: items.filter((item) => item.syllabus_type === level.value),
  })).filter((level) => level.items.length > 0);

  return (
    <Stack gap={5}>
      {levels.map((level) => (
        <Card key={level.value} title={`${level.name} syllabus`}>
          <Stack gap={5}>
            {level.items.length > 1 ? (
              <Contents aria-label={`${level.name} contents`}>
                <ol>
                  {level.items.map((item) => (
                    <li key={item.id}>
                      <a href={`#${anchorOf(item)}`}>{headingOf(item)}</a>
                    </li>
                  ))}
                </ol>
              </Contents>
            ) : null}
            {level.items.map((item) => (
              <Section key={item.id} id={anchorOf(item)} aria-labelledby={`${anchorOf(item)}-title`}>
                <Stack gap={3}>
                  <Stack direction="row" gap={3} align="center">
                    <Heading id={`${anchorOf(item)}-title`}>{headingOf(item)}</Heading>
                    {showDrafts && !item.published ? <Badge tone="neutral">Draft</Badge> : null}
                  </Stack>
                  <RichTextView html={item.body} />
                </Stack>
              </Section>
            ))}
          </Stack>
        </Card>
      ))}
      {levels.length === 0 ? <Text tone="muted">No syllabus is published yet.</Text> : null}
    </Stack>
  );
}
