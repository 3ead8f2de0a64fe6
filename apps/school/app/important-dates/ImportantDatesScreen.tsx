import { Link, useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDate } from "@repo/ui/format";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { importantDatesLoader } from "../content-texts/content-texts.server";

/**
 * student/important-dates: the programme's dates by date, earliest first, with the past ones
 * marked. A school of the GCC zone also sees the GCC schools' dates (the API decides).
 */
export function ImportantDatesScreen() {
  const { dates, failure } = useLoaderData<typeof importantDatesLoader>();
  useListFailureWarning(failure, "Important dates list not found");
  if (dates.length === 0) {
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
  return (
    <Card title="Important dates" description="Registration, exam and result dates, earliest first.">
      <Stack element="ol" gap={3}>
        {dates.map((date) => (
          <Split key={date.id} element="li" layout="dated" gap="rows" ruled="dashed">
            {/* Past dates are marked by their badge and a muted date, never by fading the text (contrast). */}
            <Text inline tone={date.is_past ? "muted" : "default"} weight={date.is_past ? "regular" : "semibold"}>
              <time dateTime={date.start_date}>
                {formatDate(date.start_date)}
                {date.end_date && date.end_date !== date.start_date ? ` – ${formatDate(date.end_date)}` : ""}
              </time>
            </Text>
            <Stack gap={1}>
              <Stack direction="row" gap={2} align="center">
                <Text heading={3}>{date.title}</Text>
                {date.is_past ? <Badge tone="neutral">Past</Badge> : null}
                {date.exam_level ? <Badge tone="info">{examLevelName(date.exam_level)}</Badge> : null}
                {date.audience === "gcc" ? <Badge tone="warning">GCC schools</Badge> : null}
              </Stack>
              {date.description ? <Text tone="muted">{date.description}</Text> : null}
            </Stack>
          </Split>
        ))}
      </Stack>
    </Card>
  );
}
