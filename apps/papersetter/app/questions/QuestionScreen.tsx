import { Link as RemixLink, useFetcher, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useState } from "react";
import { questionImageUploader } from "../question-images/upload";
import {
  classText,
  difficultyText,
  levelText,
  listHref,
  paperSetText,
  questionHref,
  STATUS_BADGE,
  TYPE_SHORT,
} from "./labels";
import { QuestionForm } from "./QuestionForm";
import { QuestionPreview } from "./QuestionPreview";
import type { QuestionActionData, questionLoader } from "./questions.server";
import { TranslationChips } from "./TranslationChips";

// The history (with its diff) loads when it is first opened.
const HistoryDialog = lazy(() => import("./HistoryDialog"));

type LoaderData = Awaited<ReturnType<typeof questionLoader>>;

/**
 * One question: writers edit it (every save a new version, with the version it was loaded at so
 * that a save over someone else's newer version is refused), the others read it; its
 * translations' states and its history with a word diff and, for the leads, restore.
 */
export function QuestionScreen() {
  const data = useLoaderData<LoaderData>();
  const { question, can, level } = data;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const saver = useFetcher<QuestionActionData>();
  const [result, setResult] = useState<QuestionActionData | null>(null);
  const [historyOpen, setHistoryOpen] = useState(data.openHistory);
  useFetcherResult(saver, (answer) => {
    setResult(answer);
    if (answer.ok && answer.id && !question) navigate(questionHref(answer.id), { replace: true });
  });
  const errors = Object.fromEntries(
    (result && !result.ok ? (result.errors ?? []) : []).map((e) => [e.field, e.message] as const),
  );
  const fieldErrors = result && !result.ok ? (result.errors ?? []) : [];
  const unplaced = fieldErrors.filter((e) => !PLACED.test(e.field));
  // The API's message for a refused form lists every field; beside the fields a short line does.
  const message =
    result && !result.ok && fieldErrors.length > unplaced.length
      ? "Some fields need your attention: see the messages beside them."
      : result?.message;

  const closeHistory = () => {
    setHistoryOpen(false);
    if (params.has("history")) {
      const next = new URLSearchParams(params);
      next.delete("history");
      setParams(next, { replace: true, preventScrollReset: true });
    }
  };
  const status = question ? STATUS_BADGE[question.status] : null;

  return (
    <Stack gap={5}>
      <Card
        title={question ? `Question ${question.id}` : `New ${levelText(level)} question`}
        description={
          question
            ? `${levelText(question.exam_level)} · ${classText(question.class_id)} · ${question.subject_name}`
            : "Written in English; translators translate it once it is saved."
        }
        headerActions={
          <Stack direction="row" gap={2}>
            <Button asChild size="sm" variant="ghost">
              <RemixLink to={listHref(level)}>
                <Icon name="chevron-left" size={16} />
                {`${levelText(level)} questions`}
              </RemixLink>
            </Button>
            {question && can.history ? (
              <Button size="sm" variant="secondary" onClick={() => setHistoryOpen(true)}>
                History
              </Button>
            ) : null}
          </Stack>
        }
      >
        {question ? (
          <Stack gap={4}>
            <DescriptionList
              items={[
                {
                  label: "Status",
                  value: <Badge tone={status?.tone ?? "neutral"}>{status?.label ?? question.status}</Badge>,
                },
                { label: "Version", value: String(question.version) },
                { label: "Answer type", value: TYPE_SHORT[question.question_type] ?? question.question_type },
                { label: "Difficulty", value: difficultyText(question.difficulty) },
                { label: "Marks", value: String(question.marks) },
                {
                  label: "Last saved",
                  value: `${formatDateTime(question.updated_at)}${question.updated_by ? ` by ${question.updated_by}` : ""}`,
                },
                // Absent for translators, who see no paper sets (decision 049).
                ...(question.paper_sets
                  ? [
                      {
                        label: "Paper sets",
                        value: question.paper_sets.length
                          ? question.paper_sets.map(paperSetText).join(", ")
                          : "None yet",
                      },
                    ]
                  : []),
              ]}
            />
          </Stack>
        ) : null}
      </Card>

      {can.edit ? (
        <QuestionForm
          // A saved or restored version starts the form again from what the API now holds.
          key={question ? `${question.id}-${question.version}` : "new"}
          question={question}
          level={level}
          subjects={data.subjects}
          types={data.types}
          errors={errors}
          notice={result && message ? { ok: result.ok, message, details: unplaced.map((e) => e.message) } : null}
          busy={saver.state !== "idle"}
          onImageUpload={questionImageUploader(data.csrf)}
          onSave={(form) => {
            form.set("csrf", data.csrf);
            setResult(null);
            saver.submit(form, { method: "post" });
          }}
        />
      ) : question ? (
        <Card title="Question" description="The English source, as papers show it.">
          <QuestionPreview content={question.content} />
        </Card>
      ) : null}

      {question ? (
        <Card
          title="Translations"
          description={
            data.translatable.length
              ? "Each language's state. Open one of yours to translate it."
              : "Each language's state: a stale translation was made for an older version."
          }
        >
          <TranslationChips
            questionId={question.id}
            translations={question.translations}
            translatable={data.translatable}
          />
        </Card>
      ) : null}

      {question && historyOpen ? (
        <Suspense fallback={null}>
          <HistoryDialog
            questionId={question.id}
            versions={data.versions}
            currentVersion={question.version}
            failure={data.historyFailure}
            subjects={data.subjects}
            canRollback={can.rollback}
            csrf={data.csrf}
            onClose={closeHistory}
            onRestored={setResult}
          />
        </Suspense>
      ) : null}
      {!question && !can.edit ? <Text tone="muted">You can open questions, not write them.</Text> : null}
    </Stack>
  );
}

/** Field errors the form shows beside their fields; the rest are listed with the message. */
const PLACED =
  /^(class_id|exam_level|subject_id|question_type|difficulty|marks|text|options(\.\d+\.(html|key))?|correct|explanation)$/;
