import type { components } from "@repo/api-client/schema";
import { EXAM_LEVEL_TYPES } from "@repo/contracts/content-texts-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DocumentSection } from "@repo/ui/document-section";
import { Link } from "@repo/ui/link";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

type Syllabus = components["schemas"]["SyllabusItem"];

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
              <nav aria-label={`${level.name} contents`}>
                <Stack element="ol" bullets gap={1}>
                  {level.items.map((item) => (
                    <li key={item.id}>
                      <Link href={`#${anchorOf(item)}`}>{headingOf(item)}</Link>
                    </li>
                  ))}
                </Stack>
              </nav>
            ) : null}
            {level.items.map((item) => (
              <DocumentSection key={item.id} id={anchorOf(item)} aria-labelledby={`${anchorOf(item)}-title`}>
                <Stack direction="row" gap={3} align="center">
                  <Text heading={3} size="lg" id={`${anchorOf(item)}-title`}>
                    {headingOf(item)}
                  </Text>
                  {showDrafts && !item.published ? <Badge tone="neutral">Draft</Badge> : null}
                </Stack>
                <RichTextView html={item.body} />
              </DocumentSection>
            ))}
          </Stack>
        </Card>
      ))}
      {levels.length === 0 ? <Text tone="muted">No syllabus is published yet.</Text> : null}
    </Stack>
  );
}
