import { Link as RemixLink, useLoaderData, useRevalidator } from "@remix-run/react";
import { BULK_STUDENT_IMPORT, SCHOOL_CODE_HEADER, SCHOOLS_SHEET } from "@repo/contracts/bulk-student-import-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, DEFAULT_QUERY } from "@repo/ui/data-table";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { VisuallyHidden } from "@repo/ui/visually-hidden";
import { lazy, Suspense, useEffect, useState } from "react";
import type { BulkImportItem, studentImportLoader } from "./student-import.server";
import { BULK_IMPORT_PATHS, MODE_NAMES } from "./student-import-paths";

const StudentImportDialog = lazy(() => import("./StudentImportDialog"));

const figure = (n: number) => n.toLocaleString("en-IN");
/** While an import of the list runs, the page looks again this often. */
const REFRESH_MS = 3000;

const STEPS = [
  `Download the template. Its “${SCHOOLS_SHEET}” sheet lists the schools of your region with their codes.`,
  `Fill in one student per row. In “${SCHOOL_CODE_HEADER}” put the code of the student's school; the other columns are those of a school's own student template.`,
  "Upload the file. You see what will be read before anything is saved, and choose whether a file with mistakes saves nothing or only its good rows.",
  "Rows with mistakes come back in an errors file, each with what to fix: correct them and upload that file. Uploading the same students again adds nothing.",
];

function Outcome({ item }: { item: BulkImportItem }) {
  if (item.status === "failed") return <Badge tone="danger">Failed</Badge>;
  if (item.status !== "done" || !item.result) {
    return <Badge tone="info">{item.status === "running" ? "Importing" : "Waiting"}</Badge>;
  }
  const { result } = item;
  if (result.bad_rows === 0) return <Badge tone="success">Imported</Badge>;
  if (result.inserted === 0 && result.already_registered === 0) return <Badge tone="danger">Nothing saved</Badge>;
  return <Badge tone="warning">Partly imported</Badge>;
}

const columns: DataTableColumn<BulkImportItem>[] = [
  {
    id: "file",
    header: "File",
    cell: (item) => (
      <Stack gap={1}>
        <span>{item.file_name || "—"}</span>
        <Text size="sm" tone="muted">
          {formatDateTime(item.created_at)} · {MODE_NAMES[item.mode]}
        </Text>
      </Stack>
    ),
  },
  { id: "outcome", header: "Outcome", cell: (item) => <Outcome item={item} /> },
  {
    id: "message",
    header: "Result",
    width: 280,
    cell: (item) => <Text size="sm">{item.result?.message ?? item.error ?? "The import has not finished yet."}</Text>,
  },
  { id: "added", header: "Added", align: "end", cell: (item) => (item.result ? figure(item.result.inserted) : "—") },
  {
    id: "mistakes",
    header: "Rows with mistakes",
    align: "end",
    cell: (item) => (item.result ? figure(item.result.bad_rows) : "—"),
  },
  {
    id: "errors",
    header: "Errors file",
    cell: (item) =>
      item.result?.errors_file_id ? (
        <Link href={BULK_IMPORT_PATHS.errors(item.job_id)} download>
          <Icon name="download" size={16} />
          Download<VisuallyHidden> the errors file of {item.file_name}</VisuallyHidden>
        </Link>
      ) : (
        "—"
      ),
  },
];

/**
 * Bulk Student Import (GCC state coordinators): what to do, the template, the upload dialog and
 * the user's last imports with their outcome and errors files.
 */
export function StudentImportScreen() {
  const data = useLoaderData<typeof studentImportLoader>();
  const revalidator = useRevalidator();
  const [importing, setImporting] = useState(false);
  const overview = data.overview;
  const imports = overview?.imports ?? [];
  const running = imports.some((item) => item.status === "queued" || item.status === "running");

  // An import still running (the dialog was closed, or another tab started it): look again shortly.
  useEffect(() => {
    if (!running || importing || revalidator.state !== "idle") return;
    const timer = window.setTimeout(() => revalidator.revalidate(), REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [running, importing, revalidator]);

  const region = overview?.regions.length ? overview.regions.join(", ") : "your region";
  const schools = overview ? countOf(overview.schools, COUNTED.school) : null;

  return (
    <Stack gap={5}>
      <Card
        title="Import students from a spreadsheet"
        description={`Register the students of the ${schools ?? "schools"} of ${region} from one spreadsheet.`}
        actions={
          <>
            <Button asChild variant="secondary">
              <a href={BULK_IMPORT_PATHS.template} download>
                <Icon name="download" size={16} />
                Download the template
              </a>
            </Button>
            <Button icon={<Icon name="upload" size={16} />} onClick={() => setImporting(true)}>
              Import students
            </Button>
          </>
        }
      >
        <Stack gap={4}>
          <Text>
            Each student joins its school as if the school had added it: the school sees the student in its own list and
            pays the fee as usual.
          </Text>
          <Stack gap={3} role="list" aria-label="How to import">
            {STEPS.map((step, index) => (
              <Stack key={step} direction="row" gap={3} align="start" wrap={false} role="listitem">
                <Badge tone="primary">{index + 1}</Badge>
                <Text>{step}</Text>
              </Stack>
            ))}
          </Stack>
          <Text size="sm" tone="muted">
            At most {figure(BULK_STUDENT_IMPORT.maxRows)} students and {BULK_STUDENT_IMPORT.maxBytes / 1024 / 1024} MB
            per file, as .xlsx, CSV or Unicode Text. A student with the same name, date of birth and phone is registered
            only once per exam year, even across schools.
          </Text>
          {data.studentsPath ? (
            <Text>
              <Link asChild>
                <RemixLink to={data.studentsPath}>See the students of your region</RemixLink>
              </Link>{" "}
              in Total Students.
            </Text>
          ) : null}
        </Stack>
      </Card>

      <Card
        title="Your last imports"
        description={`The ${BULK_STUDENT_IMPORT.recentImports} newest, with what each saved.`}
        flush
      >
        <DataTable
          label="Your last imports"
          columns={columns}
          rows={imports}
          rowKey={(item) => String(item.job_id)}
          total={imports.length}
          query={{ ...DEFAULT_QUERY, perPage: Math.max(imports.length, 1) }}
          onQueryChange={() => {}}
          searchable={false}
          status={data.failure ? "error" : "ready"}
          errorMessage={data.failure ?? undefined}
          onRetry={() => revalidator.revalidate()}
          emptyTitle="No imports yet"
          emptyDescription="Each import you start appears here with its outcome and, when rows were refused, its errors file."
        />
      </Card>

      {importing ? (
        <Suspense fallback={null}>
          <StudentImportDialog
            csrf={data.csrf}
            studentsPath={data.studentsPath}
            onClose={(started) => {
              setImporting(false);
              if (started) revalidator.revalidate();
            }}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
