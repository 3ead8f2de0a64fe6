import type { MetaFunction } from "@remix-run/node";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";

export const meta: MetaFunction = () => [{ title: "School Portal · Exam Portal" }];

export default function Index() {
  return (
    <Centered>
      <Card title="School Portal" actions={<Badge>Schools, institutes and students</Badge>}>
        Schools register and pay for their students here; master institutes manage their schools; students see their
        exams and results.
      </Card>
    </Centered>
  );
}
