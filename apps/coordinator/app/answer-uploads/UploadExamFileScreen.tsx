import { Link as RemixLink, useLoaderData, useNavigate } from "@remix-run/react";
import { RESULT_LIMITS, RESULT_SHEET_FORMATS } from "@repo/contracts/results-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { EmptyState } from "@repo/ui/empty-state";
import { FileInput } from "@repo/ui/file-input";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { RadioGroup } from "@repo/ui/radio-group";
import { Select } from "@repo/ui/select";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { answerFileTooLarge, NO_ANSWER_FILE, sendAnswerFile } from "./answer-file";
import type { AnswerSheetStats, AnswerUploadItem, answerUploadsLoader } from "./answer-uploads.server";
import { ANSWER_UPLOAD_PATHS } from "./answer-uploads-paths";
import { figure, levelName, UPLOAD_LEVELS, uploadStatus } from "./upload-words";

// An upload's report (its figures, problems and the delete dialog) loads when an upload is opened:
// the page without one stays within its first-view budget.
const UploadReport = lazy(() => import("./UploadReport"));

/**
 * Upload Exam File (admins 3 and 6): upload the scanning vendor's file for a level, read the dry
 * run's report, store the sheets or not; the sheets stored per level and class, and the uploads.
 */
export function UploadExamFileScreen() {
  const data = useLoaderData<typeof answerUploadsLoader>();
  return (
    <Stack gap={5}>
      {data.upload ? (
        <Suspense
          fallback={
            <Card title={`Report: ${data.upload.file_name}`}>
              <Text role="status">
                <VisuallyHidden>Loading the report</VisuallyHidden>
                <SkeletonText lines={4} />
              </Text>
            </Card>
          }
        >
          <UploadReport key={data.upload.id} upload={data.upload} deletion={data.deletion} csrf={data.csrf} />
        </Suspense>
      ) : data.uploadFailure ? (
        <Card title="Upload not found">
          <EmptyState
            role="alert"
            icon="warning"
            tone="danger"
            title={data.uploadFailure}
            action={
              <Link asChild>
                <RemixLink to={ANSWER_UPLOAD_PATHS.page}>Back to the uploads</RemixLink>
              </Link>
            }
          />
        </Card>
      ) : null}
      <UploadForm csrf={data.csrf} />
      <StoredSheets stats={data.stats} failure={data.failure} />
      <UploadsList uploads={data.stats?.uploads ?? []} failure={data.failure} />
    </Stack>
  );
}

const FORMAT_OPTIONS = RESULT_SHEET_FORMATS.map((f) => ({
  value: f.code,
  label: f.name,
  description: (
    <>
      For example:{" "}
      <Text inline preformatted size="sm">
        {f.example}
      </Text>
    </>
  ),
}));

/** The level, the format and the file; "Check file" sends them and opens the new upload's report. */
function UploadForm({ csrf }: { csrf: string }) {
  const navigate = useNavigate();
  const [level, setLevel] = useState<string>(UPLOAD_LEVELS[0]?.value ?? "level1");
  const [format, setFormat] = useState<string>(RESULT_SHEET_FORMATS[0].code);
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem({ field: "file", message: NO_ANSWER_FILE });
    if (file.size > RESULT_LIMITS.maxUploadBytes)
      return setProblem({ field: "file", message: answerFileTooLarge(file.size) });
    setProblem(null);
    setSending(true);
    const answer = await sendAnswerFile(file, { exam_level: level, format }, csrf);
    setSending(false);
    if (answer.ok && answer.uploadId) {
      setFile(null);
      setInputKey((key) => key + 1);
      navigate(ANSWER_UPLOAD_PATHS.report(answer.uploadId));
      return;
    }
    const first = answer.errors?.find((e) => ["file", "exam_level", "format"].includes(e.field));
    setProblem(first ?? { field: "form", message: answer.message });
  };

  return (
    <Card
      title="Upload a vendor's file"
      description="The file is checked first: you read what would be stored, and nothing is stored until you confirm."
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Upload a vendor's file">
        <Stack gap={4}>
          <Stack fieldWidth="short">
            <Select
              label="Exam level"
              name="exam_level"
              options={UPLOAD_LEVELS}
              value={level}
              onChange={(event) => setLevel(event.target.value)}
              error={errorOf("exam_level")}
              disabled={sending}
            />
          </Stack>
          <RadioGroup
            legend="File format"
            name="format"
            options={FORMAT_OPTIONS}
            value={format}
            onChange={(value) => setFormat(value)}
            error={errorOf("format")}
            disabled={sending}
          />
          <FileInput
            key={inputKey}
            label="Answer-sheet file"
            name="file"
            hint={`The vendor's text file as sent, one line per answer sheet, whatever its name (.txt, .csv, .dat); at most ${RESULT_LIMITS.maxUploadBytes / 1024 / 1024} MB. A spreadsheet or a ZIP is refused.`}
            error={errorOf("file")}
            disabled={sending}
            onFileChange={(chosen) => {
              setFile(chosen);
              if (problem?.field === "file") setProblem(null);
            }}
          />
          {problem?.field === "form" ? (
            <Text tone="danger" role="alert">
              {problem.message}
            </Text>
          ) : null}
          <div>
            <Button type="submit" loading={sending} icon={<Icon name="upload" size={16} />}>
              Check file
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

/** A count that never breaks at its digit groups' commas in a narrow column. */
const Figure = ({ n }: { n: number }) => (
  <Text inline nowrap>
    {figure(n)}
  </Text>
);

type ClassRow = { key: string; label: string; sheets: Record<string, number> };

/** The exam year's stored sheets per class (rows) and level (columns), with the totals. */
function StoredSheets({ stats, failure }: { stats: AnswerSheetStats | null; failure: string | null }) {
  const levels = stats?.levels ?? [];
  const sheetsOf = (level: (typeof levels)[number], classLevel: number) =>
    level.by_class.find((c) => c.class_level === classLevel)?.sheets ?? 0;
  const rows: ClassRow[] = stats
    ? [
        ...CLASS_LEVELS.map((classLevel) => ({
          key: String(classLevel),
          label: `Class ${classLabel(classLevel)}`,
          sheets: Object.fromEntries(levels.map((l) => [l.exam_level, sheetsOf(l, classLevel)])),
        })),
        {
          key: "all",
          label: "All classes",
          sheets: Object.fromEntries(levels.map((l) => [l.exam_level, l.sheets])),
        },
      ]
    : [];
  const columns: DataTableColumn<ClassRow>[] = [
    {
      id: "class",
      header: "Class",
      cell: (row) => (
        <Text weight={row.key === "all" ? "semibold" : "regular"} nowrap>
          {row.label}
        </Text>
      ),
    },
    ...UPLOAD_LEVELS.map((level) => ({
      id: level.value,
      header: level.label,
      align: "end" as const,
      cell: (row: ClassRow) => {
        const n = <Figure n={row.sheets[level.value] ?? 0} />;
        return row.key === "all" ? <Text weight="semibold">{n}</Text> : n;
      },
    })),
  ];
  return (
    <Card
      title="Stored answer sheets"
      description={stats ? `Exam year ${stats.exam_year}: one sheet per student and level.` : undefined}
      flush
    >
      <DataTable
        label="Stored answer sheets per class"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
        total={rows.length}
        query={{ ...DEFAULT_QUERY, perPage: Math.max(rows.length, 1) }}
        onQueryChange={() => {}}
        searchable={false}
        status={failure ? "error" : "ready"}
        errorMessage={failure ?? undefined}
      />
    </Card>
  );
}

const uploadColumns: DataTableColumn<AnswerUploadItem>[] = [
  {
    id: "file",
    header: "File",
    minWidth: 200,
    cell: (upload) => (
      <Stack gap={1}>
        <Link asChild>
          <RemixLink to={ANSWER_UPLOAD_PATHS.report(upload.id)}>
            {upload.file_name}
            <VisuallyHidden> (report of upload {upload.id})</VisuallyHidden>
          </RemixLink>
        </Link>
        <Text size="sm" tone="muted">
          Upload {upload.id} · {formatDateTime(upload.created_at)}
          {upload.created_by ? ` · ${upload.created_by}` : ""}
        </Text>
      </Stack>
    ),
  },
  {
    id: "level",
    header: "Level",
    cell: (upload) => (
      <Text inline nowrap>
        {levelName(upload.exam_level)}
      </Text>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: (upload) => {
      const status = uploadStatus(upload.status);
      return <Badge tone={status.tone}>{status.name}</Badge>;
    },
  },
  {
    id: "lines",
    header: "Lines",
    align: "end",
    cell: (upload) => (upload.report ? <Figure n={upload.report.lines} /> : "—"),
  },
  {
    id: "refused",
    header: "Refused",
    align: "end",
    cell: (upload) =>
      upload.report ? <Figure n={Object.values(upload.report.counts).reduce((sum, n) => sum + n, 0)} /> : "—",
  },
  {
    id: "stored",
    header: "Sheets stored",
    align: "end",
    cell: (upload) => (upload.stored_sheets === null ? "—" : <Figure n={upload.current_sheets} />),
  },
];

/** The newest uploads first; each opens its report. */
function UploadsList({ uploads, failure }: { uploads: AnswerUploadItem[]; failure: string | null }) {
  return (
    <Card
      title="Uploads"
      description={`The ${RESULT_LIMITS.recentUploads} newest uploads of the exam year. Open one to read its report.`}
      flush
    >
      <DataTable
        label="Uploads"
        columns={uploadColumns}
        rows={uploads}
        rowKey={(upload) => String(upload.id)}
        total={uploads.length}
        query={{ ...DEFAULT_QUERY, perPage: Math.max(uploads.length, 1) }}
        onQueryChange={() => {}}
        searchable={false}
        status={failure ? "error" : "ready"}
        errorMessage={failure ?? undefined}
        emptyTitle="No uploads yet"
        emptyDescription="Each file you upload appears here with its status and its report."
      />
    </Card>
  );
}
