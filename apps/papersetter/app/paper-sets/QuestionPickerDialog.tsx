import { useFetcher } from "@remix-run/react";
import { PAPER_SET_PICKER_PATH } from "@repo/auth/paper-paths";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { DataTable, type DataTableColumn, DEFAULT_QUERY, type TableQuery } from "@repo/ui/data-table";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Select } from "@repo/ui/select";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect, useState } from "react";
import type {
  PaperSetActionData,
  PaperSetRow,
  QuestionPickerData,
  QuestionRow,
  SectionRow,
  SubjectRow,
} from "./paper-set.server";
import { setLabel } from "./paper-set-text";
import { sectionTitle } from "./SectionCard";

interface Props {
  set: PaperSetRow;
  section: SectionRow;
  /** The section's questions now, in order. */
  current: number[];
  /** Every question placed in the set, with its section's label. */
  placedIn: Record<number, string>;
  subjects: SubjectRow[];
  csrf: string;
  onClose: () => void;
}

/** Why a question cannot go into this section, or null when it can. */
function refusalOf(question: QuestionRow, section: SectionRow, placedIn: Record<number, string>): string | null {
  const where = placedIn[question.id];
  if (where === section.label) return "Already in this section";
  if (where) return `In section ${where}`;
  if (question.question_type !== section.answer_rule) return "Another answer type";
  return null;
}

/**
 * "Add questions": reviewed questions of the set's level and class, searched and filtered by
 * subject, chosen across pages; they join the end of the section in the order they were ticked.
 */
export default function QuestionPickerDialog({ set, section, current, placedIn, subjects, csrf, onClose }: Props) {
  const loader = useFetcher<QuestionPickerData>();
  const saver = useFetcher<PaperSetActionData>();
  const dialogs = useMessageDialog();
  const [query, setQuery] = useState<TableQuery>(DEFAULT_QUERY);
  const [subjectId, setSubjectId] = useState("");
  const [selected, setSelected] = useState<string[]>([]);
  const { load } = loader;

  useEffect(() => {
    const params = new URLSearchParams({
      id: String(set.id),
      level: set.exam_level,
      class_id: String(set.class_id),
      page: String(query.page),
      per_page: String(query.perPage),
    });
    if (query.search) params.set("search", query.search);
    if (subjectId) params.set("subject_id", subjectId);
    load(`${PAPER_SET_PICKER_PATH}?${params}`);
  }, [load, set.id, set.exam_level, set.class_id, query.page, query.perPage, query.search, subjectId]);

  useFetcherResult(saver, (answer) => {
    if (answer.ok) {
      onClose();
      return;
    }
    const details = answer.errors?.map((e) => e.message) ?? [];
    void dialogs.error(details.length ? `${answer.message}: ${details.join("; ")}` : answer.message);
  });

  const rows = loader.data?.rows ?? [];
  const room = section.question_count - current.length;
  // Ticked questions that may join, in the order they were ticked.
  const known = new Map(rows.map((q) => [String(q.id), q]));
  const [chosen, setChosenRows] = useState<Map<string, QuestionRow>>(new Map());
  const onSelectedChange = (keys: string[]) => {
    const next = new Map<string, QuestionRow>();
    for (const key of keys) {
      const row = chosen.get(key) ?? known.get(key);
      if (row) next.set(key, row);
    }
    setChosenRows(next);
    setSelected(keys);
  };
  const addable = selected.filter((key) => {
    const row = chosen.get(key);
    return row ? refusalOf(row, section, placedIn) === null : false;
  });
  const skipped = selected.length - addable.length;
  const tooMany = addable.length > room;

  const columns: DataTableColumn<QuestionRow>[] = [
    {
      id: "text",
      header: "Question",
      cell: (q) => (
        <Stack gap={1}>
          <RichTextView html={q.text} />
          <Text size="sm" tone="muted">
            Question {q.id} · {q.difficulty} · {countOf(q.marks, COUNTED.mark)}
          </Text>
        </Stack>
      ),
    },
    { id: "subject", header: "Subject", cell: (q) => q.subject_name },
    { id: "translations", header: "Translations done", align: "end", cell: (q) => q.translations_done },
    {
      id: "where",
      header: "Can be added",
      cell: (q) => {
        const refusal = refusalOf(q, section, placedIn);
        return refusal ? <Badge tone="neutral">{refusal}</Badge> : <Badge tone="success">Yes</Badge>;
      },
    },
  ];

  const submit = () => {
    const ids = [...current, ...addable.map(Number)];
    saver.submit(
      { csrf, intent: "section", id: String(set.id), section_id: String(section.id), question_ids: ids.join(",") },
      { method: "post" },
    );
  };

  return (
    <Dialog
      title={`Add questions to ${sectionTitle(section)}`}
      description={`Reviewed questions of ${setLabel(set)}. Room for ${room} more.`}
      size="lg"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      footer={
        <Split layout="status" gap={3}>
          <Text size="sm" tone={tooMany ? "danger" : "muted"} role="status">
            {tooMany
              ? `Choose at most ${room}: ${addable.length} chosen.`
              : `${addable.length} chosen${skipped ? `, ${skipped} that cannot be added left out` : ""}.`}
          </Text>
          <Stack direction="row" gap={2}>
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} loading={saver.state !== "idle"} disabled={addable.length === 0 || tooMany}>
              {addable.length === 0
                ? "Add questions"
                : addable.length === 1
                  ? "Add 1 question"
                  : `Add ${countOf(addable.length, COUNTED.question)}`}
            </Button>
          </Stack>
        </Split>
      }
    >
      <DataTable
        label="Reviewed questions"
        columns={columns}
        rows={rows}
        rowKey={(q) => String(q.id)}
        rowLabel={(q) => `question ${q.id}`}
        total={loader.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        status={loader.state === "loading" && !loader.data ? "loading" : loader.data?.failure ? "error" : "ready"}
        errorMessage={loader.data?.failure ?? undefined}
        searchable
        searchPlaceholder="Search by words or number"
        selectable
        selected={selected}
        onSelectedChange={onSelectedChange}
        actions={
          <Select
            label="Subject"
            hideLabel
            placeholder="All subjects"
            options={subjects.map((s) => ({ value: String(s.id), label: s.name }))}
            value={subjectId}
            onChange={(event) => {
              setSubjectId(event.target.value);
              setQuery((q) => ({ ...q, page: 1 }));
            }}
          />
        }
        emptyTitle={query.search || subjectId ? "No reviewed questions match" : "No reviewed questions yet"}
        emptyDescription="Questions are reviewed on the questions list before they go into a paper."
      />
    </Dialog>
  );
}
