import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { LANGUAGES } from "@repo/contracts/languages";
import type { StudentWords } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { EmptyState } from "@repo/ui/empty-state";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";
import { StudentExams } from "./StudentExams";
import { StudentFrame } from "./StudentFrame";
import { StudentTimeline } from "./StudentTimeline";
import type { StudentArea, studentHomeLoader } from "./student-area.server";

const PAYMENT_TONES = { unpaid: "danger", pending: "warning", paid: "success" } as const;

const Facts = styled("dl", {
  display: "grid",
  gridTemplateColumns: "repeat(auto-fit, minmax(120px, 1fr))",
  gap: "$4",
  margin: 0,
  // The roll number, the card's first fact, has a line of its own on a phone.
  "& > div:first-child": { gridColumn: "1 / -1", "@md": { gridColumn: "auto" } },
  "& dt": { fontSize: "$sm", color: "$textMuted", marginBottom: "$1" },
  "& dd": { margin: 0, fontWeight: "$medium", color: "$text", overflowWrap: "anywhere" },
});
const Roll = styled("dd", {
  fontSize: "$xxl !important",
  fontWeight: "$semibold !important",
  letterSpacing: "0.04em",
  fontVariantNumeric: "tabular-nums",
  variants: {
    pending: {
      true: { fontSize: "$md !important", fontWeight: "$regular !important", color: "$textMuted !important" },
    },
  },
});
const Plain = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexDirection: "column",
  gap: "$3",
});

/** The student's card: who, where, class, language, exam year, fee and roll number. */
function StudentCard({ area, words }: { area: StudentArea; words: StudentWords }) {
  const { student, payment } = area;
  const language = LANGUAGES.find((l) => l.code === student.language);
  const school = student.school_listed
    ? student.school_name
    : fill(words.schoolUnlisted, { name: student.school_name });
  return (
    <Card title={`${student.first_name} ${student.last_name}`.trim()} description={<bdi>{school}</bdi>}>
      <Facts aria-label={words.registration}>
        <div>
          <dt>{words.rollNumber}</dt>
          {student.roll_number ? <Roll>{student.roll_number}</Roll> : <Roll pending>{words.rollNumberLater}</Roll>}
        </div>
        <div>
          <dt>{words.class}</dt>
          <dd>{classLabel(student.class_level)}</dd>
        </div>
        <div>
          <dt>{words.examLanguage}</dt>
          <dd lang={student.language} dir={language?.dir ?? "ltr"}>
            {language?.native ?? student.language}
          </dd>
        </div>
        <div>
          <dt>{words.examYear}</dt>
          <dd>{student.exam_year}</dd>
        </div>
        <div>
          <dt>{words.payment}</dt>
          <dd>
            <Badge tone={PAYMENT_TONES[payment.status]}>{words.paymentStatus[payment.status]}</Badge>
          </dd>
        </div>
      </Facts>
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
            <Plain aria-label={words.datesTitle}>
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
            </Plain>
          )}
        </Card>
        <Card title={words.studyTitle} description={words.studyDescription}>
          <Plain aria-label={words.studyTitle}>
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
          </Plain>
        </Card>
      </Grid>
    </StudentFrame>
  );
}
