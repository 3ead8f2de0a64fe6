import { Link as RemixLink, useFetcher, useRevalidator } from "@remix-run/react";
import { SHEET_PROBLEM_KINDS } from "@repo/contracts/results-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useJob } from "@repo/remix-app/jobs/use-job";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY, type TableQuery } from "@repo/ui/data-table";
import { formatFileSize } from "@repo/ui/file-input";
import { formatDateTime } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Icon, type IconName } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { ProgressBar } from "@repo/ui/progress-bar";
import { Stack } from "@repo/ui/stack";
import { StatCard } from "@repo/ui/stat-card";
import { Text } from "@repo/ui/text";
import { useEffect, useState } from "react";
import type {
  AnswerUploadItem,
  AnswerUploadReport,
  DeleteSheetStats,
  UploadIntentAnswer,
} from "./answer-uploads.server";
import { ANSWER_UPLOAD_PATHS } from "./answer-uploads-paths";
import { DeleteSheetsDialog } from "./DeleteSheetsDialog";
import {
  count,
  deletedText,
  figure,
  formatName,
  levelName,
  type ReportFigure,
  reportFigures,
  uploadStatus,
} from "./upload-words";

type Problem = AnswerUploadReport["problems"][number];

const kindName = (code: string) => SHEET_PROBLEM_KINDS.find((k) => k.code === code)?.name ?? code;
const refusedOf = (report: AnswerUploadReport) => Object.values(report.counts).reduce((sum, n) => sum + n, 0);

const problemColumns: DataTableColumn<Problem>[] = [
  { id: "line", header: "Line", align: "end", cell: (p) => figure(p.line) },
  { id: "roll", header: "Roll number", cell: (p) => p.roll || "—" },
  // Minimum widths: on a phone the table scrolls sideways rather than squeeze the words to a column.
  {
    id: "kind",
    header: "Problem",
    minWidth: 180,
    cell: (p) => <Text size="sm">{kindName(p.kind)}</Text>,
  },
  {
    id: "message",
    header: "Message",
    minWidth: 260,
    cell: (p) => <Text size="sm">{p.message}</Text>,
  },
];

interface Props {
  upload: AnswerUploadItem;
  /** What deleting the upload's sheets would take away (null when it holds none or is busy). */
  deletion: DeleteSheetStats | null;
  csrf: string;
}

/**
 * One upload: its status (with the check or store job's progress), the dry run's report, the
 * first problems and the problems file, and what can be done next: store the sheets, delete them,
 * or discard an upload that stored nothing.
 */
export default function UploadReport({ upload, deletion, csrf }: Props) {
  const revalidator = useRevalidator();
  const dialogs = useMessageDialog();
  const fetcher = useFetcher<UploadIntentAnswer>();
  const [deleting, setDeleting] = useState(false);
  const working = upload.status === "checking" || upload.status === "storing";
  const { job, failure } = useJob(working ? upload.job_id : null);
  const ended = job?.status === "done" || job?.status === "failed";

  // The job ended, or its progress cannot be read (another admin started it): read the upload again.
  const idle = revalidator.state === "idle";
  useEffect(() => {
    if (!working || !idle || !(ended || failure)) return;
    const timer = window.setTimeout(() => revalidator.revalidate(), ended ? 300 : 3000);
    return () => window.clearTimeout(timer);
  }, [working, idle, ended, failure, revalidator]);

  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) return void dialogs.error(answer.message);
    if (answer.intent === "delete") {
      setDeleting(false);
      void dialogs.success(answer.message);
    }
  });

  const busy = fetcher.state !== "idle";
  const submit = (intent: "confirm" | "delete") =>
    fetcher.submit({ intent, upload_id: String(upload.id), csrf }, { method: "post" });
  const report = upload.report;
  const accepted = report?.accepted ?? 0;

  const store = async () => {
    const replacing = report?.replacing_stored ?? 0;
    const yes = await dialogs.confirm(
      `${count(accepted, "sheet", "sheets")} of ${upload.file_name} will be scored and stored for ${levelName(upload.exam_level)}${
        replacing > 0 ? `, replacing ${count(replacing, "stored sheet", "stored sheets")} of the same students` : ""
      }, and the level's ranks are worked out again.`,
      { title: "Store the sheets", confirmLabel: `Store ${count(accepted, "sheet", "sheets")}` },
    );
    if (yes) submit("confirm");
  };
  const discard = async () => {
    const yes = await dialogs.confirm(
      `Nothing of ${upload.file_name} is stored. It stays in the list as deleted and cannot be stored later.`,
      { title: "Discard this upload", destructive: true, confirmLabel: "Discard" },
    );
    if (yes) submit("delete");
  };

  const actions = (
    <>
      {upload.status === "checked" && accepted > 0 ? (
        <Button icon={<Icon name="check" size={16} />} loading={busy} onClick={() => void store()}>
          Store {count(accepted, "sheet", "sheets")}
        </Button>
      ) : null}
      {deletion && deletion.sheets > 0 ? (
        <Button
          variant="danger"
          icon={<Icon name="trash" size={16} />}
          disabled={busy}
          onClick={() => setDeleting(true)}
        >
          Delete its sheets
        </Button>
      ) : null}
      {upload.status === "checked" && upload.current_sheets === 0 ? (
        <Button variant="secondary" disabled={busy} onClick={() => void discard()}>
          Discard this upload
        </Button>
      ) : null}
      <Button asChild variant="ghost">
        <RemixLink to={ANSWER_UPLOAD_PATHS.page}>Close the report</RemixLink>
      </Button>
    </>
  );

  const status = uploadStatus(upload.status);
  return (
    <Stack gap={5}>
      <Card
        title={`Report: ${upload.file_name}`}
        description={`Upload ${upload.id} · ${levelName(upload.exam_level)} · ${formatName(upload.format)} · ${formatFileSize(upload.file_bytes)} · uploaded ${formatDateTime(upload.created_at)}${upload.created_by ? ` by ${upload.created_by}` : ""}`}
        headerActions={<Badge tone={status.tone}>{status.name}</Badge>}
        actions={actions}
      >
        <Stack gap={5}>
          <StatusLine upload={upload} />
          {working ? (
            <JobProgress
              label={
                upload.status === "checking"
                  ? "Checking the file"
                  : `Storing and scoring ${count(accepted, "sheet", "sheets")}`
              }
              done={job?.progress.done ?? 0}
              total={job?.progress.total ?? 0}
              failure={failure}
            />
          ) : null}
          {report ? <ReportFigures upload={upload} report={report} /> : null}
        </Stack>
      </Card>
      {report ? <ReportBreakdown report={report} /> : null}
      {report && refusedOf(report) > 0 ? <FirstProblems upload={upload} report={report} /> : null}
      {deleting && deletion ? (
        <DeleteSheetsDialog
          upload={upload}
          deletion={deletion}
          busy={busy}
          onDelete={() => submit("delete")}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </Stack>
  );
}

/** The upload's state in one sentence, announced when it changes. */
function StatusLine({ upload }: { upload: AnswerUploadItem }) {
  const accepted = upload.report?.accepted ?? 0;
  let icon: IconName = "info";
  let text: string;
  switch (upload.status) {
    case "checking":
      text = "Checking the file: every line is read against the students and the paper sets. Nothing is stored.";
      break;
    case "checked":
      icon = accepted > 0 ? "info" : "warning";
      text =
        accepted > 0
          ? `Checked – waiting for your confirmation. Nothing is stored until you press “Store ${count(accepted, "sheet", "sheets")}”.`
          : "Checked: no sheet of this file can be stored. Correct the file and upload it again.";
      break;
    case "storing":
      text = "Storing and scoring the sheets, then ranking the level again.";
      break;
    case "stored": {
      icon = "success";
      const replaced = (upload.stored_sheets ?? 0) - upload.current_sheets;
      text = `Stored: ${count(upload.stored_sheets ?? 0, "sheet was", "sheets were")} stored${
        upload.confirmed_at ? ` on ${formatDateTime(upload.confirmed_at)}` : ""
      }${upload.confirmed_by ? ` by ${upload.confirmed_by}` : ""}.${
        replaced > 0 ? ` ${count(replaced, "of them was", "of them were")} replaced by a later upload since.` : ""
      }`;
      break;
    }
    case "failed":
      icon = "error";
      text = `Failed: ${upload.error ?? "the file could not be checked"}`;
      break;
    default:
      icon = "warning";
      text = deletedText(upload);
  }
  return (
    <Stack gap={2} role="status">
      <Stack direction="row" gap={2} align="start" wrap={false}>
        <Icon name={icon} size={20} />
        <Text weight="semibold">{text}</Text>
      </Stack>
      {upload.status === "checked" && upload.error ? (
        <Text tone="danger">Storing failed: {upload.error} You can try again.</Text>
      ) : null}
    </Stack>
  );
}

function JobProgress({
  label,
  done,
  total,
  failure,
}: {
  label: string;
  done: number;
  total: number;
  failure: string | null;
}) {
  return (
    <Stack gap={2}>
      <ProgressBar
        label={label}
        value={total > 0 ? done : undefined}
        max={total > 0 ? total : undefined}
        valueText={total > 0 ? `${figure(done)} of ${figure(total)}` : undefined}
      />
      <Text size="sm" tone="muted">
        {failure
          ? `${failure} This page looks again every few seconds.`
          : "You may leave this page: the work goes on, and the report is here when you come back."}
      </Text>
    </Stack>
  );
}

const FIGURE_LOOKS: Record<ReportFigure["key"], { icon: IconName; tone?: "primary" | "info" | "danger" }> = {
  lines: { icon: "file" },
  sheets: { icon: "check", tone: "primary" },
  now: { icon: "info", tone: "info" },
  replacing: { icon: "refresh", tone: "info" },
  refused: { icon: "warning", tone: "danger" },
};

/** The dry run's figures as they are true now (reportFigures): every line of the file is in one of them. */
function ReportFigures({ upload, report }: { upload: AnswerUploadItem; report: AnswerUploadReport }) {
  return (
    <Grid minItemWidth={120} gap={4} aria-label="Report figures" role="group">
      {reportFigures(upload, report).map((shown) => (
        <StatCard
          key={shown.key}
          label={shown.label}
          value={figure(shown.value)}
          icon={FIGURE_LOOKS[shown.key].icon}
          tone={FIGURE_LOOKS[shown.key].tone}
        />
      ))}
    </Grid>
  );
}

/** Labelled counts, one a row: long labels wrap beside their figure (a phone is narrow). */
function CountList({ label, items }: { label: string; items: { label: string; value: string }[] }) {
  return (
    <Stack gap={3} role="list" aria-label={label}>
      {items.map((item) => (
        <Stack key={item.label} direction="row" gap={3} justify="between" align="start" wrap={false} role="listitem">
          <Text tone="muted">{item.label}</Text>
          <Text weight="semibold" nowrap>
            {item.value}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/** The refused lines by kind, and the sheets to store by paper set. */
function ReportBreakdown({ report }: { report: AnswerUploadReport }) {
  return (
    <Grid minItemWidth={300} gap={5}>
      <Card title="Problems by kind">
        <CountList
          label="Problems by kind"
          items={SHEET_PROBLEM_KINDS.map((kind) => ({
            label: kind.name,
            value: figure(report.counts[kind.code] ?? 0),
          }))}
        />
      </Card>
      <Card title="Sheets per paper set">
        {report.by_paper.length > 0 ? (
          <CountList
            label="Sheets per paper set"
            items={report.by_paper.map((paper) => ({
              label: paper.code,
              value: count(paper.sheets, "sheet", "sheets"),
            }))}
          />
        ) : (
          <Text tone="muted">No sheet matched a finalized paper set of this level.</Text>
        )}
      </Card>
    </Grid>
  );
}

/** The first problems (the report keeps the first of each kind), paged here; the CSV has them all. */
function FirstProblems({ upload, report }: { upload: AnswerUploadItem; report: AnswerUploadReport }) {
  const [query, setQuery] = useState<TableQuery>(DEFAULT_QUERY);
  const shown = report.problems.slice((query.page - 1) * query.perPage, query.page * query.perPage);
  const refused = refusedOf(report);
  return (
    <Card
      title="Problems found"
      description={
        report.problems.length < refused
          ? `The first ${figure(report.problems.length)} of ${count(refused, "problem", "problems")}, by line; the CSV has every one. Correct the lines in the vendor's file and upload it again.`
          : `${count(refused, "line was", "lines were")} refused, by line number. Correct them in the vendor's file and upload it again.`
      }
      headerActions={
        upload.has_problems_file ? (
          <Button asChild variant="light">
            <a href={ANSWER_UPLOAD_PATHS.problems(upload.id)} download>
              <Icon name="download" size={16} />
              Download every problem (CSV)
            </a>
          </Button>
        ) : null
      }
      flush
    >
      <DataTable
        label="Problems found"
        columns={problemColumns}
        rows={shown}
        rowKey={(p) => `${p.line}-${p.kind}`}
        total={report.problems.length}
        query={query}
        onQueryChange={setQuery}
        searchable={false}
      />
    </Card>
  );
}
