import { useLoaderData } from "@remix-run/react";
import { languageName } from "@repo/contracts/languages";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { INSIGHT_LEVELS, outcomeName, QUESTION_OUTCOMES } from "@repo/contracts/result-winners-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { DescriptionList } from "@repo/ui/description-list";
import { EmptyState } from "@repo/ui/empty-state";
import { Grid } from "@repo/ui/grid";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { LevelPicker } from "../result-winners/LevelPicker";
import type { ExplainedQuestion, studentResultLoader } from "./result-insight.server";

const OUTCOME_TONES = { right: "success", wrong: "danger", blank: "neutral", double: "warning" } as const;
const shownMark = (marked: string) => (marked === "" ? "—" : marked === "*" ? "* (two or more)" : marked);
const rank = (value: number | null | undefined, position?: number | null) =>
  value == null ? null : position != null && position !== value ? `${value} (position ${position})` : String(value);

/**
 * One student's score explained (result-overview/student-result?student_id=&level=): each
 * question with what was marked, the key, the outcome and the marks; each section's marks and
 * whether it counted; the ranks and awards. Reached from a student's row in the result lists.
 */
export function StudentResultScreen() {
  const data = useLoaderData<typeof studentResultLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const listStatus = useListStatus();
  const result = data.result;
  const picker = <LevelPicker levels={INSIGHT_LEVELS} value={data.level} />;
  if (!result) {
    return (
      <Card title="Student result" headerActions={picker}>
        <EmptyState icon="search" title={data.message ?? "No result"} description="Choose another exam level above." />
      </Card>
    );
  }
  const query = parseTableQuery(params);
  const section = params.get("section") ?? "";
  const outcome = params.get("outcome") ?? "";
  const questions = result.questions.filter(
    (q) => (!section || q.section === section) && (!outcome || q.outcome === outcome),
  );
  const shown = questions.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const { student, ranks } = result;
  const uncounted = new Set(result.sections.filter((s) => !s.counted).map((s) => s.label));

  const columns: DataTableColumn<ExplainedQuestion>[] = [
    { id: "number", header: "Question", cell: (q) => <strong>Q{q.number}</strong> },
    { id: "section", header: "Section", cell: (q) => q.section },
    { id: "marked", header: "Marked", cell: (q) => shownMark(q.marked) },
    { id: "key", header: "Key", cell: (q) => q.key },
    {
      id: "outcome",
      header: "Outcome",
      cell: (q) => <Badge tone={OUTCOME_TONES[q.outcome]}>{outcomeName(q.outcome)}</Badge>,
    },
    {
      id: "marks",
      header: "Marks",
      align: "end",
      cell: (q) => {
        const marks = q.marks > 0 ? `+${q.marks}` : String(q.marks);
        // A section whose qualifying rule was not met keeps its marks out of the total.
        return uncounted.has(q.section) && q.marks !== 0 ? (
          <Stack gap={1} align="end">
            <span>{marks}</span>
            <Text size="sm" tone="muted">
              not counted
            </Text>
          </Stack>
        ) : (
          marks
        );
      },
    },
  ];

  return (
    <Stack gap={5}>
      <Card
        title={`${student.first_name} ${student.last_name}`.trim()}
        description={`Roll ${student.roll_number} · Class ${classLabel(student.class_level)} · ${languageName(student.language)} · ${examLevelLabel(result.level)} ${result.exam_year}, paper set ${result.paper_set.code}`}
        headerActions={picker}
      >
        <Stack gap={5}>
          <Grid minItemWidth={130} aria-label="Score" role="group">
            <StatCard label="Total" value={`${result.total} of ${result.full_marks}`} icon="award" tone="info" />
            <StatCard label="Right" value={result.right} icon="check" />
            <StatCard label="Wrong or double" value={result.wrong} icon="close" tone="info" />
            <StatCard label="Not answered" value={result.blank} icon="minus" />
          </Grid>
          <Grid minItemWidth={240}>
            {result.sections.map((s) => (
              <Card key={s.label} title={`Section ${s.label}`} headingLevel={3}>
                <Stack gap={3}>
                  <Badge tone={s.counted ? "success" : "warning"}>{s.note}</Badge>
                  <DescriptionList
                    aria-label={`Section ${s.label}`}
                    items={[
                      { label: "Marks", value: `${s.marks} of ${s.full_marks}` },
                      { label: "Right", value: String(s.right) },
                      { label: "Wrong or double", value: String(s.wrong) },
                      { label: "Not answered", value: String(s.blank) },
                    ]}
                  />
                </Stack>
              </Card>
            ))}
            <Card title="Ranks and awards" headingLevel={3}>
              {ranks ? (
                <Stack gap={3}>
                  {result.awards.length ? (
                    <Stack direction="row" gap={1}>
                      {result.awards.map((a) => (
                        <Badge key={a.code} tone="success">
                          {a.name}
                        </Badge>
                      ))}
                    </Stack>
                  ) : null}
                  <DescriptionList
                    aria-label="Ranks"
                    items={[
                      { label: "School", value: rank(ranks.school_rank, ranks.school_position) },
                      { label: "District", value: rank(ranks.district_rank, ranks.district_position) },
                      { label: "Prant", value: rank(ranks.prant_rank) },
                      { label: "State", value: rank(ranks.state_rank, ranks.state_position) },
                      { label: "Zone", value: rank(ranks.zone_rank) },
                      { label: "National", value: rank(ranks.national_rank) },
                    ]}
                  />
                  <Text size="sm" tone="muted">
                    Dense ranks in the class; a position counts everyone who did better.
                  </Text>
                </Stack>
              ) : (
                <Text tone="muted">{result.level === "mock" ? "A mock exam is never ranked." : "Not ranked yet."}</Text>
              )}
            </Card>
          </Grid>
          <Text size="sm" tone="muted">
            {student.school_name}
            {student.district ? `, ${student.district}` : ""}, {student.state}
          </Text>
        </Stack>
      </Card>
      <Card
        title="Question by question"
        description="What was marked against the frozen answer key, and the marks each answer earned."
      >
        <DataTable
          label="Questions"
          columns={columns}
          rows={shown}
          rowKey={(q) => String(q.number)}
          total={questions.length}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable={false}
          actions={
            <Toolbar>
              <Select
                label="Section"
                hideLabel
                placeholder="All sections"
                options={result.sections.map((s) => ({ value: s.label, label: `Section ${s.label}` }))}
                value={section}
                onChange={(event) => filter({ section: event.target.value })}
              />
              <Select
                label="Outcome"
                hideLabel
                placeholder="Every outcome"
                options={QUESTION_OUTCOMES.map((o) => ({ value: o.code, label: o.name }))}
                value={outcome}
                onChange={(event) => filter({ outcome: event.target.value })}
              />
            </Toolbar>
          }
          emptyTitle="No questions match"
          emptyDescription="Choose another section or outcome."
        />
      </Card>
    </Stack>
  );
}
