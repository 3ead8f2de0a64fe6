import { Link as RemixLink, useFetcher } from "@remix-run/react";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Icon } from "@repo/ui/icon";
import { IconButton } from "@repo/ui/icon-button";
import { Link } from "@repo/ui/link";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Panel } from "@repo/ui/panel";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense } from "react";
import { ErrorLines } from "./ErrorLines";
import type { PaperSetActionData, PaperSetPageData, PrintedQuestionRow, SectionRow } from "./paper-set.server";
import {
  countsIfNote,
  moved,
  newerNote,
  questionPath,
  ruleLine,
  translationsNote,
  versionLabel,
} from "./paper-set-text";

// The rule form (and the form kit with zod it brings) loads after the page's first view; the
// server still renders it into the HTML (decision 053), so it posts without script too.
const SectionRuleForm = lazy(() => import("./SectionRuleForm").then((module) => ({ default: module.SectionRuleForm })));

type SectionData = PaperSetPageData["sections"][number];

/** A section's title as its card shows it: "Section A", or "Section A: Physics and Mathematics". */
export const sectionTitle = (section: { label: string; title: string }) =>
  section.title.includes(section.label) ? section.title : `Section ${section.label}: ${section.title}`;

/**
 * One section of a set: its marks rule, the questions placed in paper order as the set prints them
 * (a finalized set's pinned versions and translations, decision 061) and, for a draft and those who
 * assemble, moving, removing and adding them. Every change saves the whole ordered list.
 */
export function SectionCard({
  setId,
  data,
  sections,
  csrf,
  editable: mayEdit,
  finalized,
  onAdd,
}: {
  setId: number;
  data: SectionData;
  /** Every section of the set: the ones this section's qualifying rule may wait for. */
  sections: readonly SectionRow[];
  csrf: string;
  editable: boolean;
  finalized: boolean;
  onAdd: () => void;
}) {
  const { section, questions, hidden } = data;
  // Saving replaces the whole list: only someone who sees every question of it may change it.
  const editable = mayEdit && hidden === 0;
  const saver = useFetcher<PaperSetActionData>();
  const dialogs = useMessageDialog();
  const busy = saver.state !== "idle";
  useFetcherResult(saver, (answer) => {
    if (!answer.ok) {
      const details = answer.errors?.map((e) => e.message) ?? [];
      void dialogs.error(
        <ErrorLines message={answer.message} details={details} />,
        `${sectionTitle(section)} not saved`,
      );
    }
  });

  const ids = questions.map((q) => q.question_id);
  const save = (next: number[]) =>
    saver.submit(
      { csrf, intent: "section", id: String(setId), section_id: String(section.id), question_ids: next.join(",") },
      { method: "post" },
    );
  const remove = async (question: PrintedQuestionRow) => {
    const yes = await dialogs.confirm(`Take question ${question.question_id} out of ${sectionTitle(section)}?`, {
      title: "Remove question",
      confirmLabel: "Remove",
      destructive: true,
    });
    if (yes) save(ids.filter((id) => id !== question.question_id));
  };
  const note = countsIfNote(section);
  const full = section.placed >= section.question_count;

  return (
    <Card
      title={sectionTitle(section)}
      description={
        <>
          {ruleLine(section)}
          {note ? (
            <>
              <br />
              <strong>{note}</strong>
            </>
          ) : null}
        </>
      }
      headerActions={
        <Badge tone={full ? "success" : "warning"}>
          {section.placed} of {section.question_count} placed
        </Badge>
      }
      actions={
        editable ? (
          <Stack direction="row" gap={3} align="center">
            <Button
              size="sm"
              icon={<Icon name="plus" size={16} />}
              onClick={onAdd}
              disabled={busy || full}
              aria-label={`Add questions to ${sectionTitle(section)}`}
            >
              Add questions
            </Button>
            <Text size="sm" tone="muted" role="status">
              {busy
                ? "Saving…"
                : full
                  ? "This section is full."
                  : `Room for ${section.question_count - section.placed} more.`}
            </Text>
          </Stack>
        ) : undefined
      }
    >
      {mayEdit && sections.length > 1 ? (
        <Suspense fallback={null}>
          <SectionRuleForm setId={setId} section={section} sections={sections} csrf={csrf} />
        </Suspense>
      ) : null}
      {questions.length === 0 && hidden === 0 ? (
        <Text tone="muted">No questions placed yet.</Text>
      ) : (
        <Stack gap={3}>
          <Stack element="ol" gap={3} aria-label={`Questions of ${sectionTitle(section)}`}>
            {questions.map((question, index) => (
              <Panel key={question.question_id} element="li" tone="surface" padding={4}>
                <Split layout="marker" gap={3}>
                  <Text tone="muted" weight="semibold" aria-hidden>
                    {question.number}.
                  </Text>
                  <Stack gap={2}>
                    <RichTextView html={question.content.text} />
                    <Stack direction="row" gap={2} align="center" justify="between">
                      <Stack direction="row" gap={2} align="center">
                        <Link asChild underline="hover">
                          <RemixLink to={questionPath(question.question_id)}>Question {question.question_id}</RemixLink>
                        </Link>
                        <Text inline size="sm" tone="muted">
                          {versionLabel(question, finalized)} · {question.subject_name} ·{" "}
                          {countOf(question.marks, COUNTED.mark)} · {translationsNote(question, finalized)}
                        </Text>
                        {question.reviewed ? (
                          <Badge tone="success" size="sm">
                            Reviewed
                          </Badge>
                        ) : (
                          <Badge tone="danger" size="sm">
                            Not reviewed
                          </Badge>
                        )}
                      </Stack>
                      {editable ? (
                        <Stack direction="row" gap={1} wrap={false}>
                          <IconButton
                            icon="arrow-up"
                            size="sm"
                            variant="ghost"
                            label={`Move question ${question.question_id} up`}
                            disabled={busy || index === 0}
                            onClick={() => save(moved(ids, index, -1))}
                          />
                          <IconButton
                            icon="arrow-down"
                            size="sm"
                            variant="ghost"
                            label={`Move question ${question.question_id} down`}
                            disabled={busy || index === questions.length - 1}
                            onClick={() => save(moved(ids, index, 1))}
                          />
                          <IconButton
                            icon="trash"
                            size="sm"
                            variant="ghost"
                            label={`Remove question ${question.question_id}`}
                            disabled={busy}
                            onClick={() => void remove(question)}
                          />
                        </Stack>
                      ) : null}
                    </Stack>
                    {question.newer ? (
                      <Text size="sm">
                        {newerNote(question)}.{" "}
                        <Link asChild>
                          <RemixLink to={questionPath(question.question_id)}>
                            Open question {question.question_id}
                          </RemixLink>
                        </Link>
                      </Text>
                    ) : null}
                  </Stack>
                </Split>
              </Panel>
            ))}
          </Stack>
          {hidden > 0 ? (
            <Text size="sm" tone="muted">
              {countOf(hidden, { one: "more question", other: "more questions" })} of subjects outside yours{" "}
              {pluralWord(hidden, COUNTED.is)} placed here.
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
