import { Link as RemixLink, useFetcher, useLoaderData } from "@remix-run/react";
import type { ExamLevel } from "@repo/contracts/fees";
import { classLabel } from "@repo/contracts/students-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Clamp } from "@repo/ui/clamp";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatDate } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { RichTextHtml } from "@repo/ui/rich-text-html";
import { Select } from "@repo/ui/select";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import {
  CLASS_OPTIONS,
  newQuestionHref,
  questionHref,
  STATUS_BADGE,
  STATUS_OPTIONS,
  TRANSLATED_LANGUAGE_COUNT,
  TRANSLATION_BADGE,
  TRANSLATION_OPTIONS,
  TYPE_SHORT,
  translateHref,
} from "./labels";
import type { QuestionActionData, QuestionRow, questionsLoader } from "./questions.server";

type LoaderData = Awaited<ReturnType<typeof questionsLoader>>;

const TITLES: Record<ExamLevel, string> = {
  level1: "Level 1 questions",
  level2: "Level 2 questions",
  mock: "Mock questions",
};

const FILTERS = ["class_id", "subject_id", "status", "paperset_id", "section_id", "language_id", "translation_status"];

/**
 * One level's question bank: every question the viewer may see with the URL's search and filters,
 * in English or in a chosen language with that translation's state; open, history, translate and
 * review from each row, and a new question for writers.
 */
export function QuestionsScreen({ level }: { level: ExamLevel }) {
  const data = useLoaderData<LoaderData>();
  const filter = useFilterParams();
  const { params } = filter;
  const dialogs = useMessageDialog();
  const reviewer = useFetcher<QuestionActionData>();
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  const title = TITLES[level];
  useListFailureWarning(data.failure, "Questions not found");
  useFetcherResult(reviewer, (answer) => {
    if (answer.ok) void dialogs.success(answer.message);
    else void dialogs.error(answer.message);
  });
  const { can, language } = data;

  const review = async (row: QuestionRow) => {
    const yes = await dialogs.confirm(
      `Mark question ${row.id} (version ${row.version}) reviewed? A reviewed question can go into a finalized paper; any later change sends it back to draft.`,
      { title: "Review question", confirmLabel: "Mark reviewed" },
    );
    if (yes) reviewer.submit({ csrf: data.csrf, intent: "review", id: String(row.id) }, { method: "post" });
  };

  const columns: DataTableColumn<QuestionRow>[] = [
    { id: "id", header: "No.", cell: (row) => <Text weight="semibold">{row.id}</Text> },
    {
      id: "text",
      header: language ? `Question (${language.name})` : "Question",
      cell: (row) => (
        <Clamp>
          <RichTextHtml
            trustedHtml={row.text}
            // The English text stands in while a translation is missing.
            lang={language && row.translation_status !== "missing" ? language.code : "en"}
            dir={language && row.translation_status !== "missing" ? language.dir : "ltr"}
          />
        </Clamp>
      ),
    },
    {
      id: "subject",
      header: "Subject",
      cell: (row) => (
        <Stack gap={1}>
          <span>{row.subject_name}</span>
          <Text size="sm" tone="muted">
            Class {classLabel(row.class_id)}
          </Text>
        </Stack>
      ),
    },
    { id: "type", header: "Type", cell: (row) => TYPE_SHORT[row.question_type] ?? row.question_type },
    { id: "marks", header: "Marks", align: "end", cell: (row) => row.marks },
    {
      id: "status",
      header: "Status",
      cell: (row) => {
        const badge = STATUS_BADGE[row.status];
        return (
          <Stack gap={1} align="start">
            <Badge tone={badge?.tone ?? "neutral"}>{badge?.label ?? row.status}</Badge>
            <Text size="sm" tone="muted">
              Version {row.version}
            </Text>
          </Stack>
        );
      },
    },
    ...(language
      ? [
          {
            id: "translation",
            header: language.name,
            cell: (row: QuestionRow) => {
              const badge = TRANSLATION_BADGE[row.translation_status ?? "missing"];
              return <Badge tone={badge?.tone ?? "neutral"}>{badge?.label}</Badge>;
            },
          },
        ]
      : []),
    {
      id: "translations",
      header: "Translated",
      align: "end",
      // No visually hidden words here: absolutely placed, they would widen the page past the table's scroll box.
      cell: (row) =>
        `${row.translations_done}/${TRANSLATED_LANGUAGE_COUNT}${row.translations_stale > 0 ? `, ${row.translations_stale} stale` : ""}`,
    },
    {
      id: "updated",
      header: "Updated",
      cell: (row) => <time dateTime={row.updated_at}>{formatDate(row.updated_at)}</time>,
    },
    {
      id: "actions",
      header: "Actions",
      align: "end",
      cell: (row) => (
        <Split layout="pairs" gap={2}>
          <Button asChild size="sm" variant="light">
            <RemixLink to={questionHref(row.id)} aria-label={`${can.edit ? "Edit" : "Open"} question ${row.id}`}>
              {can.edit ? "Edit" : "Open"}
            </RemixLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <RemixLink to={questionHref(row.id, { history: "1" })} aria-label={`History of question ${row.id}`}>
              History
            </RemixLink>
          </Button>
          {can.translate && data.translateLanguageId ? (
            <Button asChild size="sm" variant="ghost">
              <RemixLink
                to={translateHref(row.id, data.translateLanguageId)}
                aria-label={`Translate question ${row.id}`}
              >
                Translate
              </RemixLink>
            </Button>
          ) : null}
          {can.review && row.status === "draft" ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => review(row)}
              loading={reviewer.state !== "idle" && reviewer.formData?.get("id") === String(row.id)}
              aria-label={`Review question ${row.id}`}
            >
              Review
            </Button>
          ) : null}
        </Split>
      ),
    },
  ];

  const activeFilters = FILTERS.filter((p) => params.get(p)).length;
  const filters = (
    <Stack gap={4}>
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_OPTIONS}
        value={params.get("class_id") ?? ""}
        onChange={(event) => filter({ class_id: event.target.value })}
      />
      <Select
        label="Subject"
        placeholder="All subjects"
        options={data.subjects}
        value={params.get("subject_id") ?? ""}
        onChange={(event) => filter({ subject_id: event.target.value })}
      />
      <Select
        label="Status"
        placeholder="Draft and reviewed"
        options={STATUS_OPTIONS}
        value={params.get("status") ?? ""}
        onChange={(event) => filter({ status: event.target.value })}
      />
      <Select
        label="Paper set"
        placeholder="Any paper set"
        options={data.paperSets}
        value={params.get("paperset_id") ?? ""}
        onChange={(event) => filter({ paperset_id: event.target.value, section_id: null })}
      />
      {params.get("paperset_id") ? (
        <Select
          label="Section"
          placeholder="All sections"
          options={data.sections}
          value={params.get("section_id") ?? ""}
          onChange={(event) => filter({ section_id: event.target.value })}
        />
      ) : null}
      <Select
        label="Language"
        placeholder="English (source)"
        hint="Shows the question in this language, with its translation's state."
        options={data.languages}
        value={params.get("language_id") ?? ""}
        onChange={(event) =>
          filter({ language_id: event.target.value, ...(event.target.value ? {} : { translation_status: null }) })
        }
      />
      {language ? (
        <Select
          label="Translation"
          placeholder="Any state"
          options={TRANSLATION_OPTIONS}
          value={params.get("translation_status") ?? ""}
          onChange={(event) => filter({ translation_status: event.target.value })}
        />
      ) : null}
    </Stack>
  );

  return (
    <Card
      title={title}
      description={
        can.edit
          ? "Every change is saved as a new version and goes back to draft until it is reviewed."
          : "Open a question to read it and see its translations."
      }
      flush
    >
      <DataTable
        label={title}
        columns={columns}
        rows={data.rows}
        rowKey={(row) => String(row.id)}
        total={data.total}
        query={query}
        onQueryChange={filter.query}
        status={listStatus}
        searchable
        searchPlaceholder="Words of the question, or its number"
        actions={
          <Toolbar
            filters={filters}
            activeFilters={activeFilters}
            onResetFilters={() => filter(Object.fromEntries(FILTERS.map((p) => [p, null])))}
          >
            {can.edit ? (
              <Button asChild size="sm">
                <RemixLink to={newQuestionHref(level)}>
                  <Icon name="plus" size={16} />
                  New question
                </RemixLink>
              </Button>
            ) : null}
          </Toolbar>
        }
        emptyTitle={query.search || activeFilters ? "No questions match" : "No questions yet"}
        emptyDescription={
          query.search || activeFilters
            ? "Try another search or clear the filters."
            : can.edit
              ? "Write the first one with New question."
              : "Questions appear here as the subject panel writes them."
        }
      />
    </Card>
  );
}
