import { Link as RemixLink } from "@remix-run/react";
import { studentResultsPath } from "@repo/auth/student-paths";
import type { StudentWords } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { admitCardPath, ownCertificatePath } from "./paths";
import type { StudentArea, StudentExam } from "./student-area.server";

const marks = (value: number) => value.toLocaleString("en-IN", { maximumFractionDigits: 2 });

/** One exam: when, its admit card (or why not yet), its result and certificate. */
function ExamItem({ exam, when, words }: { exam: StudentExam; when: string | undefined; words: StudentWords }) {
  const name = words.levels[exam.level];
  const ranked = exam.level !== "mock" ? exam.level : null;
  const selected = exam.level === "level2" && exam.admit_card?.reason !== "not_selected";
  return (
    <li>
      <Stack gap={2}>
        <Stack direction="row" gap={2} align="center" justify="between">
          <Text heading={3} size="lg">
            {name}
          </Text>
          {exam.result ? (
            <Badge tone="success">
              {fill(words.score, { total: marks(exam.result.total), full: marks(exam.result.full_marks) })}
            </Badge>
          ) : null}
        </Stack>
        <Stack direction="row" gap={2} align="center" wrap={false}>
          <Icon name="calendar" size={16} />
          <Text size="sm" weight={exam.schedule ? "medium" : "regular"} tone={exam.schedule ? "default" : "muted"}>
            {exam.schedule && when
              ? `${when} · ${fill(words.minutes, { minutes: exam.schedule.duration_minutes })}`
              : words.dateNotSet}
          </Text>
        </Stack>
        {exam.schedule?.note ? (
          <Text size="sm" tone="muted" dir="auto">
            {exam.schedule.note}
          </Text>
        ) : null}
        {selected ? <Text size="sm">{words.selectedForLevel2}</Text> : null}
        {exam.admit_card === null ? (
          <Text size="sm" tone="muted">
            {words.mockPractice}
          </Text>
        ) : exam.admit_card.reason && !exam.result ? (
          <Text size="sm" tone="muted">
            {`${words.admitCard}: ${words.admitCardReasons[exam.admit_card.reason]}`}
          </Text>
        ) : null}
        <Stack direction="row" gap={2}>
          {ranked && exam.admit_card?.available ? (
            <Button asChild size="sm" variant={exam.result ? "light" : "primary"}>
              <a href={admitCardPath(ranked)} aria-label={`${words.admitCard}: ${name}`}>
                <Icon name="download" size={16} />
                {words.admitCard}
              </a>
            </Button>
          ) : null}
          {exam.result ? (
            <Button asChild size="sm" variant="light">
              <RemixLink to={studentResultsPath(exam.level)} aria-label={`${words.seeResult}: ${name}`}>
                {words.seeResult}
              </RemixLink>
            </Button>
          ) : null}
          {ranked && exam.result?.certificate ? (
            <Button asChild size="sm" variant="light">
              <a href={ownCertificatePath(ranked)} aria-label={`${words.certificate}: ${name}`}>
                <Icon name="award" size={16} />
                {words.certificate}
              </a>
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </li>
  );
}

/** The student's exams of the year: the mock, Level 1 and (once selected) Level 2. */
export function StudentExams({
  area,
  words,
  when,
}: {
  area: StudentArea;
  words: StudentWords;
  when: Partial<Record<string, string>>;
}) {
  return (
    <Card title={words.examsTitle} description={words.examsDescription}>
      <Stack element="ul" gap={4} dividers aria-label={words.examsTitle}>
        {area.exams.map((exam) => (
          <ExamItem key={exam.level} exam={exam} when={when[exam.level]} words={words} />
        ))}
      </Stack>
    </Card>
  );
}
