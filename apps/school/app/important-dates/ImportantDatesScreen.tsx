import { Link } from "@remix-run/react";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";

/**
 * student/important-dates: the dates the programme publishes (registration closes, Level 1 and
 * Level 2 exams, results). Publishing them belongs to the content work; until something is
 * published the page says so plainly instead of showing an empty table.
 */
export function ImportantDatesScreen() {
  return (
    <Card title="Important dates">
      <EmptyState
        icon="calendar"
        title="No important dates are published yet"
        description="The programme publishes the registration, exam and result dates here. Until then, the dashboard shows the exam year's dates."
        action={
          <Button asChild variant="secondary">
            <Link to="/admin-dashboard">Go to the dashboard</Link>
          </Button>
        }
      />
    </Card>
  );
}
