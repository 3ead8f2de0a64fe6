import type { components } from "@repo/api-client/schema";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Card } from "@repo/ui/card";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";

type Pattern = components["schemas"]["FrontendPatternItem"];

const Table = styled("table", {
  width: "100%",
  borderCollapse: "collapse",
  fontSize: "$md",
  "& th, & td": { padding: "$2 $3", borderBottom: "1px solid $border", textAlign: "start" },
  "& th": { color: "$textMuted", fontSize: "$sm", fontWeight: "$semibold" },
  "& td[data-number], & th[data-number]": { textAlign: "end", fontVariantNumeric: "tabular-nums" },
  "& tfoot td": { fontWeight: "$semibold", borderBottom: 0 },
});
const Scroll = styled("div", { overflowX: "auto" });

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
        <Scroll>
          <Table>
            <caption style={{ textAlign: "start" }}>
              <Text tone="muted">
                {countOf(pattern.duration_minutes, COUNTED.minute)} · {negativeMarking(pattern.negative_marks)}
              </Text>
            </caption>
            <thead>
              <tr>
                <th scope="col">Section</th>
                <th scope="col" data-number>
                  Questions
                </th>
                <th scope="col" data-number>
                  Marks
                </th>
              </tr>
            </thead>
            <tbody>
              {pattern.sections.map((section) => (
                <tr key={section.name}>
                  <td>{section.name}</td>
                  <td data-number>{section.questions}</td>
                  <td data-number>{section.marks}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td>Total</td>
                <td data-number>{pattern.total_questions}</td>
                <td data-number>{pattern.total_marks}</td>
              </tr>
            </tfoot>
          </Table>
        </Scroll>
        {pattern.notes ? <RichTextView html={pattern.notes} /> : null}
      </Stack>
    </Card>
  );
}
