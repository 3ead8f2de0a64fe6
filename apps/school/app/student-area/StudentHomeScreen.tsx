import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { LANGUAGES } from "@repo/contracts/languages";
import type { StudentWords } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { FactTiles } from "@repo/ui/fact-tiles";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { StudentExams } from "./StudentExams";
import { StudentFrame } from "./StudentFrame";
import { StudentTimeline } from "./StudentTimeline";
import type { StudentArea, studentHomeLoader } from "./student-area.server";

const PAYMENT_TONES = { unpaid: "danger", pending: "warning", paid: "success" } as const;

/** The student's card: who, where, class, language, exam year, fee and roll number. */
function StudentCard({ area, words }: { area: StudentArea; words: StudentWords }) {
  const { student, payment } = area;
  const language = LANGUAGES.find((l) => l.code === student.language);
  const school = student.school_listed
    ? student.school_name
    : fill(words.schoolUnlisted, { name: student.school_name });
  return (
    <Card title={`${student.first_name} ${student.last_name}`.trim()} description={<bdi>{school}</bdi>}>
      <FactTiles
        aria-label={words.registration}
        facts={[
          student.roll_number
            ? { label: words.rollNumber, value: student.roll_number, lead: true }
            : { label: words.rollNumber, value: words.rollNumberLater, lead: "pending" },
          { label: words.class, value: classLabel(student.class_level) },
          {
            label: words.examLanguage,
            value: language?.native ?? student.language,
            lang: student.language,
            dir: language?.dir ?? "ltr",
          },
          { label: words.examYear, value: student.exam_year },
          {
            label: words.payment,
            value: <Badge tone={PAYMENT_TONES[payment.status]}>{words.paymentStatus[payment.status]}</Badge>,
          },
        ]}
      />
    </Card>
  );
}

/**
 * /student: the student's own area (issue 16): its card, what to do next in the year's steps, its
 * exams with admit cards and results, the dates ahead and where to study, in its language.
 */
export function StudentHomeScreen() {
  const { locale, words, area, when, links, failure } = useLoaderData<typeof studentHomeLoader>();
  if (!area || !when) {
    return (
      <StudentFrame locale={locale} words={words}>
        <Card title={words.registration}>
          <EmptyState
            icon="warning"
            tone="danger"
            title={words.failed}
            description={failure}
            action={
              <Button asChild>
                <RemixLink to=".">{words.tryAgain}</RemixLink>
              </Button>
            }
          />
        </Card>
      </StudentFrame>
    );
  }
  return (
    <StudentFrame locale={locale} words={words}>
      <StudentCard area={area} words={words} />
      <StudentTimeline area={area} words={words} when={when} links={links} />
      <StudentExams area={area} words={words} when={when.exams} />
      <Grid minItemWidth={280}>
        <Card title={words.datesTitle}>
          {when.ahead.length === 0 ? (
            <Text tone="muted">{words.noDates}</Text>
          ) : (
            <Stack element="ul" gap={3} aria-label={words.datesTitle}>
              {when.ahead.map((item) => (
                <li key={item.key}>
                  <Text size="sm" tone="muted">
                    {item.when}
                  </Text>
                  <Text weight="medium" dir={item.title ? "auto" : undefined}>
                    {item.level ? words.levels[item.level] : item.title}
                  </Text>
                </li>
              ))}
            </Stack>
          )}
        </Card>
        <Card title={words.studyTitle} description={words.studyDescription}>
          <Stack element="ul" gap={3} aria-label={words.studyTitle}>
            {links.study.map((item) => (
              <li key={item.id}>
                <Link asChild>
                  <RemixLink to={item.href}>
                    <Icon name="book" size={16} />
                    {words.study[item.id]}
                  </RemixLink>
                </Link>
              </li>
            ))}
          </Stack>
        </Card>
      </Grid>
    </StudentFrame>
  );
}
