import { Link, useLoaderData } from "@remix-run/react";
import { examLevelName } from "@repo/contracts/content-texts-constants";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDate } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";
import type { importantDatesLoader } from "../content-texts/content-texts.server";

const List = styled("ol", { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "$3" });
const Item = styled("li", {
  display: "grid",
  gridTemplateColumns: "13rem 1fr",
  gap: "$2 $4",
  padding: "$3 0",
  borderBottom: "1px dashed $border",
  "@media (max-width: 560px)": { gridTemplateColumns: "1fr" },
  // Past dates are marked by their badge and a muted date, never by fading the text (contrast).
  "&[data-past] time": { color: "$textMuted", fontWeight: "$regular" },
});
const When = styled("time", { fontWeight: "$semibold", color: "$text" });
const Title = styled("h3", { margin: 0, fontSize: "$md", fontWeight: "$semibold", color: "$text" });

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
      <List>
        {dates.map((date) => (
          <Item key={date.id} data-past={date.is_past ? "" : undefined}>
            <When dateTime={date.start_date}>
              {formatDate(date.start_date)}
              {date.end_date && date.end_date !== date.start_date ? ` – ${formatDate(date.end_date)}` : ""}
            </When>
            <Stack gap={1}>
              <Stack direction="row" gap={2} align="center">
                <Title>{date.title}</Title>
                {date.is_past ? <Badge tone="neutral">Past</Badge> : null}
                {date.exam_level ? <Badge tone="info">{examLevelName(date.exam_level)}</Badge> : null}
                {date.audience === "gcc" ? <Badge tone="warning">GCC schools</Badge> : null}
              </Stack>
              {date.description ? <Text tone="muted">{date.description}</Text> : null}
            </Stack>
          </Item>
        ))}
      </List>
    </Card>
  );
}
