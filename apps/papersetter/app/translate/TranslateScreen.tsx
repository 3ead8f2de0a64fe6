import { Link as RemixLink, useFetcher, useLoaderData } from "@remix-run/react";
import { PAPER_PAGES, translatePath } from "@repo/auth/paper-paths";
import { examLevelLabel, TRANSLATION_STATUSES, type TranslationStatus } from "@repo/contracts/papers-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Badge, type BadgeTone } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Callout } from "@repo/ui/callout";
import { Card } from "@repo/ui/card";
import { Chip } from "@repo/ui/chip";
import { EmptyState } from "@repo/ui/empty-state";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Panel } from "@repo/ui/panel";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { type ReactNode, useEffect, useState } from "react";
import type { LanguageChoice, TranslateActionData, TranslateLoaderData } from "./translate.server";

const STATUS_TONE: Record<TranslationStatus, BadgeTone> = {
  missing: "neutral",
  draft: "info",
  done: "success",
  stale: "warning",
};
const statusName = (status: TranslationStatus) => TRANSLATION_STATUSES.find((s) => s.code === status)?.name ?? status;

function escapeAttribute(text: string) {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A formula as the editor stores it, for the rich-text view to render. */
const formulaHtml = (tex: string) =>
  `<span class="ql-formula" data-value="${escapeAttribute(tex)}">${escapeAttribute(tex)}</span>`;

function LanguageSwitcher({
  languages,
  current,
  questionId,
}: {
  languages: LanguageChoice[];
  current: number;
  questionId: number;
}) {
  if (languages.length < 2) return null;
  return (
    <nav aria-label="Languages to translate into">
      <Stack element="ul" direction="row" gap={2}>
        {languages.map((language) => (
          <li key={language.id}>
            <Chip asChild aria-current={language.id === current ? "page" : undefined}>
              <RemixLink to={translatePath(questionId, language.id)} prefetch="intent">
                <span>{language.name}</span>
                <span lang={language.code} dir={language.dir}>
                  {language.native}
                </span>
                <Badge tone={STATUS_TONE[language.status]} size="sm">
                  {statusName(language.status)}
                </Badge>
              </RemixLink>
            </Chip>
          </li>
        ))}
      </Stack>
    </nav>
  );
}

function ProblemPage({ data }: { data: TranslateLoaderData }) {
  const problem = data.problem ?? { status: 500, title: "The translation could not be opened", message: "" };
  const questionId = data.questionId;
  const own = problem.status === 403 && questionId ? data.languages : [];
  return (
    <Card title="Translate">
      <EmptyState
        icon={problem.status === 403 ? "lock" : "warning"}
        tone="danger"
        role="alert"
        title={problem.title}
        description={own.length ? `${problem.message}: ${own.map((l) => l.name).join(", ")}.` : problem.message}
        action={
          <Stack direction="row" gap={3} justify="center">
            {own.map((language) => (
              <Button asChild key={language.id}>
                <RemixLink
                  to={translatePath(questionId ?? 0, language.id)}
                >{`Translate into ${language.name}`}</RemixLink>
              </Button>
            ))}
            <Button asChild variant="secondary">
              <RemixLink to={PAPER_PAGES.level1Questions}>Go to the question list</RemixLink>
            </Button>
          </Stack>
        }
      />
    </Card>
  );
}

/**
 * Translate one question into one language: the English source on the left, read-only with its
 * formulas rendered; the editors for the question, each option (row by row with the source's
 * option of the same key) and the explanation on the right, in the language's direction. Formulas
 * are copied and locked: an empty translation starts from the English HTML, and the API refuses a
 * field whose formulas differ, which the page shows at the field.
 */
export function TranslateScreen() {
  const data = useLoaderData<TranslateLoaderData>();
  const fetcher = useFetcher<TranslateActionData>();
  const [answer, setAnswer] = useState<TranslateActionData | null>(null);
  useFetcherResult(fetcher, setAnswer);
  // Another question or language: the last answer was about the one before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the address changes
  useEffect(() => setAnswer(null), [data.questionId, data.languageId]);

  const { workspace, initial, question, neighbours } = data;
  if (data.problem || !workspace || !initial || !data.questionId || !data.languageId)
    return <ProblemPage data={data} />;
  const language = workspace.language;
  const translation = workspace.translation;
  const status: TranslationStatus = translation?.status ?? "missing";
  const saving = fetcher.state !== "idle" ? String(fetcher.formData?.get("status") ?? "") : null;
  const errors = answer && !answer.ok ? (answer.errors ?? []) : [];
  const errorOf = (field: string) => errors.find((e) => e.field === field)?.message;
  const shownFields = new Set([
    "text",
    "explanation",
    ...workspace.source.options.map((_, index) => `options.${index}.html`),
  ]);
  const otherErrors = errors.filter((e) => !shownFields.has(e.field));
  const copiedHint = (field: string) =>
    initial.copied.includes(field)
      ? "Copied from the English: write it in your language and keep the formulas."
      : undefined;
  // The editors start again from the saved text whenever a new version is saved.
  const editorsKey = `${workspace.question_id}:${language.id}:${translation?.version ?? 0}`;

  const context = question
    ? `${question.subject_name} · Class ${classLabel(question.class_id)} · ${examLevelLabel(question.exam_level)}`
    : undefined;

  return (
    <Stack gap={5}>
      <Card
        title={`Translate question ${workspace.question_id} into ${language.name}`}
        description={context}
        headerActions={
          neighbours ? (
            <Link asChild>
              <RemixLink to={neighbours.question}>Back to the question</RemixLink>
            </Link>
          ) : null
        }
      >
        <Stack gap={4}>
          <Stack direction="row" gap={3} align="center">
            <Badge tone={STATUS_TONE[status]}>
              <VisuallyHidden>Translation status: </VisuallyHidden>
              {statusName(status)}
            </Badge>
            <Text size="sm" tone="muted" inline>
              {translation
                ? `Version ${translation.version}${translation.updated_by ? `, saved by ${translation.updated_by}` : ""} on ${formatDateTime(translation.updated_at)}, from English version ${translation.source_version}.`
                : `Not translated into ${language.name} yet.`}
            </Text>
          </Stack>
          <LanguageSwitcher languages={data.languages} current={language.id} questionId={workspace.question_id} />
          {neighbours ? (
            <Stack direction="row" gap={4} align="center">
              {neighbours.previous ? (
                <Link asChild>
                  <RemixLink to={translatePath(neighbours.previous, language.id)}>
                    <Icon name="chevron-left" size={16} />
                    {`Previous question needing ${language.name} (${neighbours.previous})`}
                  </RemixLink>
                </Link>
              ) : null}
              {neighbours.next ? (
                <Link asChild>
                  <RemixLink to={translatePath(neighbours.next, language.id)}>
                    {`Next question needing ${language.name} (${neighbours.next})`}
                    <Icon name="chevron-right" size={16} />
                  </RemixLink>
                </Link>
              ) : null}
              <Link asChild>
                <RemixLink to={neighbours.list}>{`All questions still needing ${language.name}`}</RemixLink>
              </Link>
            </Stack>
          ) : null}
        </Stack>
      </Card>

      {status === "stale" && translation ? (
        <Callout tone="warning" role="note">
          <Icon name="warning" size={18} />
          <Stack gap={1}>
            <strong>The English changed after this was translated</strong>
            <span>
              {`This translation was made from English version ${translation.source_version}; the English is now version ${workspace.source.version}. The old translation is in the editors: compare it with the English, fix what changed and mark it done again.`}
            </span>
          </Stack>
        </Callout>
      ) : null}

      <Card
        title="Formulas to keep"
        headingLevel={2}
        description="Each formula is copied from the English and locked: keep it exactly as it is and translate the words around it."
      >
        {workspace.text_formulas.length ? (
          <Stack element="ul" direction="row" gap={2} aria-label="Formulas of the English">
            {workspace.text_formulas.map((tex, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a formula may appear twice
              <Panel key={`${index}:${tex}`} element="li" tone="muted" dashed padding={1} scroll tight>
                <Stack direction="row" wrap={false} gap={2} align="center">
                  <Icon name="lock" size={14} aria-hidden />
                  <VisuallyHidden>Locked formula: </VisuallyHidden>
                  <RichTextView html={`<p>${formulaHtml(tex)}</p>`} lang="en" dir="ltr" />
                </Stack>
              </Panel>
            ))}
          </Stack>
        ) : (
          <Text tone="muted">This question has no formulas.</Text>
        )}
      </Card>

      <fetcher.Form method="post" aria-label={`${language.name} translation`}>
        <Card
          title={`English and ${language.name}`}
          description={`The English (version ${workspace.source.version}) is on the left, read-only; write the ${language.name} on the right.`}
        >
          <input type="hidden" name="csrf" value={data.csrf} />
          <input type="hidden" name="question_id" value={workspace.question_id} />
          <input type="hidden" name="language_id" value={language.id} />
          {workspace.source.options.map((option) => (
            <input key={option.key} type="hidden" name="option_key" value={option.key} />
          ))}
          <Stack gap={0} key={editorsKey}>
            <FieldRow
              sourceLabel="Question text"
              sourceHtml={workspace.source.text}
              language={language}
              label="Question text"
              name="text"
              defaultValue={initial.text}
              height={140}
              error={errorOf("text")}
              hint={copiedHint("text")}
            />
            {workspace.source.options.map((option, index) => (
              <FieldRow
                key={option.key}
                sourceLabel={`Option ${option.key}`}
                sourceExtra={
                  workspace.source.correct?.includes(option.key) ? (
                    <Badge tone="success" size="sm">
                      Correct answer
                    </Badge>
                  ) : null
                }
                sourceHtml={option.html}
                language={language}
                label={`Option ${option.key}`}
                name={`option.${option.key}`}
                defaultValue={initial.options[index]?.html ?? option.html}
                height={72}
                error={errorOf(`options.${index}.html`)}
                hint={copiedHint(`options.${index}.html`)}
              />
            ))}
            <FieldRow
              sourceLabel="Explanation"
              sourceHtml={workspace.source.explanation}
              language={language}
              label="Explanation"
              name="explanation"
              defaultValue={initial.explanation}
              height={110}
              error={errorOf("explanation")}
              hint={copiedHint("explanation") ?? "Optional."}
            />
          </Stack>
          <Stack gap={3}>
            {answer ? (
              <Callout tone={answer.ok ? "success" : "danger"} role={answer.ok ? "status" : "alert"}>
                <Icon name={answer.ok ? "success" : "error"} size={18} />
                <Stack gap={1}>
                  <strong>{answer.message}</strong>
                  {!answer.ok && errors.length > otherErrors.length ? <span>Fix the fields marked above.</span> : null}
                  {otherErrors.map((error) => (
                    <span key={error.field}>{error.message}</span>
                  ))}
                </Stack>
              </Callout>
            ) : null}
            <Stack direction="row" gap={3} justify="end">
              <Button
                type="submit"
                name="status"
                value="draft"
                variant="secondary"
                loading={saving === "draft"}
                disabled={saving === "done"}
              >
                Save draft
              </Button>
              <Button
                type="submit"
                name="status"
                value="done"
                icon={<Icon name="check" size={16} />}
                loading={saving === "done"}
                disabled={saving === "draft"}
              >
                Mark done
              </Button>
            </Stack>
          </Stack>
        </Card>
      </fetcher.Form>
    </Stack>
  );
}

interface FieldRowProps {
  sourceLabel: string;
  sourceExtra?: ReactNode;
  sourceHtml: string;
  language: { code: string; name: string; dir: "ltr" | "rtl" };
  label: string;
  name: string;
  defaultValue: string;
  height: number;
  error?: string;
  hint?: string;
}

function FieldRow({
  sourceLabel,
  sourceExtra,
  sourceHtml,
  language,
  label,
  name,
  defaultValue,
  height,
  error,
  hint,
}: FieldRowProps) {
  return (
    <Split layout="compare" gap="wide" ruled="top">
      <Stack gap={2}>
        <Stack direction="row" gap={2} align="center">
          <Text inline size="sm" weight="semibold">{`English: ${sourceLabel}`}</Text>
          {sourceExtra}
        </Stack>
        <Panel tone="muted" padding={4} scroll>
          {sourceHtml ? (
            <RichTextView html={sourceHtml} lang="en" dir="ltr" />
          ) : (
            <Text tone="muted" size="sm">
              None
            </Text>
          )}
        </Panel>
      </Stack>
      {/* The editor writes in the language's direction; its label and hint stay English. */}
      <div lang={language.code} data-side="target">
        <RichTextEditor
          label={<span lang="en">{`${language.name}: ${label}`}</span>}
          name={name}
          defaultValue={defaultValue}
          dir={language.dir}
          height={height}
          error={error}
          hint={hint ? <span lang="en">{hint}</span> : undefined}
        />
      </div>
    </Split>
  );
}
