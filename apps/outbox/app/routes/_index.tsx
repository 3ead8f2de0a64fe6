import type { MetaFunction } from "@remix-run/node";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";

export const meta: MetaFunction = () => [{ title: "Outbox · Exam Portal" }];

export default function Index() {
  return (
    <Centered>
      <Card title="Outbox" actions={<Badge>Programme mail</Badge>}>
        The outbox sends the programme's mail and keeps its templates.
      </Card>
    </Centered>
  );
}
