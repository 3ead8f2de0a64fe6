import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { studentResultsPath } from "@repo/auth/student-paths";
import type { StudentWords } from "@repo/contracts/student-words";
import { fill } from "@repo/contracts/student-words/fill";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Chip } from "@repo/ui/chip";
import { DescriptionList } from "@repo/ui/description-list";
import { EmptyState } from "@repo/ui/empty-state";
import { FigureTable } from "@repo/ui/figure-table";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import { ownCertificatePath } from "./paths";
import { StudentFrame } from "./StudentFrame";
import type { StudentResult, studentResultsLoader } from "./student-area.server";

const marks = (value: number) => value.toLocaleString("en-IN", { maximumFractionDigits: 2 });
const signed = (value: number) => (value > 0 ? `+${marks(value)}` : marks(value));
const OUTCOME_TONES = { right: "success", wrong: "danger", blank: "neutral", double: "warning" } as const;

type Show = "all" | "wrong" | "blank";

/** Every question of the sheet against the key, by section, with a filter on what went wrong. */
function Questions({ result, words }: { result: StudentResult; words: StudentWords }) {
  const [show, setShow] = useState<Show>("all");
  const wrong = result.questions.filter((q) => q.outcome === "wrong" || q.outcome === "double");
  const blank = result.questions.filter((q) => q.outcome === "blank");
  const shown = show === "wrong" ? wrong : show === "blank" ? blank : result.questions;
  const answer = (marked: string) => (marked === "" ? words.blankMark : marked === "*" ? words.doubleMark : marked);
  const filters: [Show, string][] = [
    ["all", fill(words.showAll, { count: result.questions.length })],
    ["wrong", fill(words.showWrong, { count: wrong.length })],
    ["blank", fill(words.showBlank, { count: blank.length })],
  ];
  return (
    <Card title={words.questionsTitle} description={words.questionsDescription}>
      <Stack gap={4}>
        <Stack direction="row" gap={2} role="group" aria-label={words.show}>
          {filters.map(([code, label]) => (
            <Chip key={code} aria-pressed={show === code} onClick={() => setShow(code)}>
              {label}
            </Chip>
          ))}
        </Stack>
        {shown.length === 0 ? (
          <Text tone="muted">{words.noneShown}</Text>
        ) : (
          <FigureTable aria-label={words.questionsTitle} compact>
            <thead>
              <tr>
                <th scope="col">{words.question}</th>
                <th scope="col">{words.yourAnswer}</th>
                <th scope="col">{words.correctAnswer}</th>
                <th scope="col" data-figure>
                  {words.marks}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((q, index) => (
                <QuestionRow
                  key={q.number}
                  question={q}
                  sectionStart={index === 0 || shown[index - 1]?.section !== q.section}
                  answer={answer(q.marked)}
                  words={words}
                />
              ))}
            </tbody>
          </FigureTable>
        )}
      </Stack>
    </Card>
  );
}

function QuestionRow({
  question,
  sectionStart,
  answer,
  words,
}: {
  question: StudentResult["questions"][number];
  sectionStart: boolean;
  answer: string;
  words: StudentWords;
}) {
  return (
    <>
      {sectionStart ? (
        <tr data-group>
          <th scope="rowgroup" colSpan={4}>
            {fill(words.section, { label: question.section })}
          </th>
        </tr>
      ) : null}
      <tr>
        <th scope="row">{question.number}</th>
        <td>
          <Stack direction="row" gap={2} align="center">
            <span>{answer}</span>
            <Badge tone={OUTCOME_TONES[question.outcome]} size="sm">
              {words.outcomes[question.outcome]}
            </Badge>
          </Stack>
        </td>
        <td>{question.key}</td>
        <td data-figure>{signed(question.marks)}</td>
      </tr>
    </>
  );
}

/** The score at a glance, each section, the ranks and awards, and the certificate. */
function Summary({ result, words }: { result: StudentResult; words: StudentWords }) {
  const ranked = result.level !== "mock";
  const ranks = result.ranks;
  const rankRows = ranks
    ? ([
        ["school", ranks.school_rank],
        ["district", ranks.district_rank],
        ["state", ranks.state_rank],
        ["national", ranks.national_rank],
      ] as const)
    : [];
  return (
    <Stack gap={5}>
      <Grid minItemWidth={120} role="group" aria-label={words.total}>
        <StatCard
          label={fill(words.totalOf, { full: marks(result.full_marks) })}
          value={marks(result.total)}
          icon="award"
          tone="info"
        />
        <StatCard label={words.right} value={result.right} icon="check" />
        <StatCard label={words.wrong} value={result.wrong} icon="close" tone="danger" />
        <StatCard label={words.blank} value={result.blank} icon="minus" tone="warning" />
      </Grid>
      <Grid minItemWidth={260}>
        <Card title={words.sections} headingLevel={3}>
          <Stack gap={3}>
            {result.sections.map((s) => (
              <Stack key={s.label} gap={1}>
                <Stack direction="row" gap={2} align="center">
                  <Text weight="semibold">{fill(words.section, { label: s.label })}</Text>
                  <Badge tone={s.counted ? "success" : "warning"} size="sm">
                    {s.counted ? words.counted : words.notCounted}
                  </Badge>
                </Stack>
                <Text size="sm">
                  {fill(words.sectionMarks, {
                    marks: marks(s.marks),
                    full: marks(s.full_marks),
                    right: s.right,
                    wrong: s.wrong,
                    blank: s.blank,
                  })}
                </Text>
              </Stack>
            ))}
            {result.sections.some((s) => !s.counted) ? (
              <Text size="sm" tone="muted">
                {words.notCountedWhy}
              </Text>
            ) : null}
          </Stack>
        </Card>
        <Card title={words.ranksTitle} headingLevel={3}>
          {ranks ? (
            <Stack gap={3}>
              <Stack direction="row" gap={2}>
                {(result.awards.length ? result.awards.map((a) => words.awards[a.code]) : [words.participation]).map(
                  (name) => (
                    <Badge key={name} tone={result.awards.length ? "warning" : "neutral"}>
                      {name}
                    </Badge>
                  ),
                )}
              </Stack>
              <DescriptionList
                aria-label={words.ranksTitle}
                items={rankRows.map(([scope, rank]) => ({
                  label: words.rankIn[scope],
                  value: rank == null ? null : String(rank),
                }))}
              />
              <Text size="sm" tone="muted">
                {words.ranksNote}
              </Text>
            </Stack>
          ) : (
            <Text tone="muted">{ranked ? words.notRanked.other : words.notRanked.mock}</Text>
          )}
        </Card>
      </Grid>
      {result.level !== "mock" ? (
        <div>
          <Button asChild>
            <a href={ownCertificatePath(result.level)}>
              <Icon name="download" size={16} />
              {words.steps.certificate.download}
            </a>
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}

/**
 * /student/results?level=…: the student's score of a level explained, question by question, with
 * its ranks, awards and certificate, and links to its other levels' results.
 */
export function StudentResultScreen() {
  const { locale, words, level, result, levels, home } = useLoaderData<typeof studentResultsLoader>();
  const picker =
    levels.length > 1 ? (
      <nav aria-label={words.otherLevels}>
        <Stack element="ul" direction="row" gap={2}>
          {levels.map((code) => (
            <li key={code}>
              <Chip asChild aria-current={code === level ? "page" : undefined}>
                <RemixLink to={studentResultsPath(code)}>{words.levels[code]}</RemixLink>
              </Chip>
            </li>
          ))}
        </Stack>
      </nav>
    ) : null;
  return (
    <StudentFrame locale={locale} words={words}>
      {picker}
      {result ? (
        <>
          <Card
            title={fill(words.resultTitle, { level: words.levels[result.level], year: result.exam_year })}
            description={fill(words.resultDescription, { paper: result.paper_set.code })}
          >
            <Summary result={result} words={words} />
          </Card>
          <Questions result={result} words={words} />
        </>
      ) : (
        <Card title={words.levels[level]}>
          <EmptyState icon="clipboard" title={words.noResult} description={words.noResultHelp} />
        </Card>
      )}
      <div>
        <Button asChild variant="light">
          <RemixLink to={home}>
            <Icon name="chevron-left" size={16} />
            {words.backHome}
          </RemixLink>
        </Button>
      </div>
    </StudentFrame>
  );
}
