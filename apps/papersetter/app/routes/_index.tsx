import type { MetaFunction } from "@remix-run/node";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";

export const meta: MetaFunction = () => [{ title: "Paper Setter · Exam Portal" }];

export default function Index() {
  return (
    <Centered>
      <Card title="Paper Setter" actions={<Badge>Paper setters and translators</Badge>}>
        Paper setters write, version and translate questions and assemble paper sets for the mock, Level 1 and Level 2
        exams.
      </Card>
    </Centered>
  );
}
