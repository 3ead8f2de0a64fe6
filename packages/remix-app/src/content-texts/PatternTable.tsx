import type { components } from "@repo/api-client/schema";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Card } from "@repo/ui/card";
import { FigureTable } from "@repo/ui/figure-table";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

type Pattern = components["schemas"]["FrontendPatternItem"];

/** "0.25 marks per wrong answer" or "No negative marking". */
export function negativeMarking(marks: number): string {
  return marks > 0 ? `${countOf(marks, COUNTED.mark)} off per wrong answer` : "No negative marking";
}

/** One question-paper pattern as schools read it: the sections table, duration, marking and notes. */
export function PatternTable({ pattern }: { pattern: Pattern }) {
  const title = `Question paper pattern: ${examLevelName(pattern.exam_level)}, classes ${pattern.class_band}`;
  return (
    <Card title={title}>
      <Stack gap={4}>
        <FigureTable openFoot>
          <caption>
            <Text tone="muted">
              {countOf(pattern.duration_minutes, COUNTED.minute)} · {negativeMarking(pattern.negative_marks)}
            </Text>
          </caption>
          <thead>
            <tr>
              <th scope="col">Section</th>
              <th scope="col" data-figure>
                Questions
              </th>
              <th scope="col" data-figure>
                Marks
              </th>
            </tr>
          </thead>
          <tbody>
            {pattern.sections.map((section) => (
              <tr key={section.name}>
                <td>{section.name}</td>
                <td data-figure>{section.questions}</td>
                <td data-figure>{section.marks}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td>Total</td>
              <td data-figure>{pattern.total_questions}</td>
              <td data-figure>{pattern.total_marks}</td>
            </tr>
          </tfoot>
        </FigureTable>
        {pattern.notes ? <RichTextView html={pattern.notes} /> : null}
      </Stack>
    </Card>
  );
}
