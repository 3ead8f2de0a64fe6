import type { MetaFunction } from "@remix-run/node";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { Centered } from "@repo/ui/centered";

export const meta: MetaFunction = () => [{ title: "Coordinator Portal · Exam Portal" }];

export default function Index() {
  return (
    <Centered>
      <Card title="Coordinator Portal" actions={<Badge>Administrators and coordinators</Badge>}>
        Administrators and regional coordinators follow registrations, payments and results, and pay-support staff fix
        payments.
      </Card>
    </Centered>
  );
}
