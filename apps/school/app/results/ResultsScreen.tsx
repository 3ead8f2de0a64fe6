import { useFetcher, useLoaderData } from "@remix-run/react";
import { CERTIFICATE_LEVELS, type CertificateLevel } from "@repo/contracts/certificates-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { verifyPath } from "@repo/contracts/results-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { ExportMenu } from "@repo/remix-app/exports/menu";
import { useJob } from "@repo/remix-app/jobs/use-job";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning, useListStatus } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DataTable, type DataTableColumn, parseTableQuery } from "@repo/ui/data-table";
import { formatCount } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { ProgressBar } from "@repo/ui/progress-bar";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { Toolbar } from "@repo/ui/toolbar";
import { useState } from "react";
import { bulkCertificatesPath, certificatePath } from "./paths";
import type { BulkAnswer, OwnSchoolResultRow, ResultLevel, resultsAction, resultsLoader } from "./results.server";

const LEVEL_OPTIONS = (["level1", "level2", "mock"] as const).map((code) => ({
  value: code,
  label: examLevelLabel(code),
}));

const isCertificateLevel = (level: ResultLevel): level is CertificateLevel =>
  (CERTIFICATE_LEVELS as readonly string[]).includes(level);

/** Merit awards stand out; participation is the plain certificate everyone gets. */
const awardTone = (award: OwnSchoolResultRow["award"]) =>
  award === "national_camp" || award === "state_camp" ? "warning" : award ? "success" : "neutral";

const marks = (value: number) => value.toLocaleString("en-IN", { maximumFractionDigits: 2 });

/**
 * /results: the school's students with answer sheets of a level this exam year (a master
 * institute: its schools'), with marks, the rank in the school and class, the award, a certificate
 * per student and every certificate at once as a job.
 */
export function ResultsScreen() {
  const data = useLoaderData<typeof resultsLoader>();
  const filter = useFilterParams();
  const { params } = filter;
  const query = parseTableQuery(params);
  const listStatus = useListStatus();
  useListFailureWarning(data.failure, "Results not found");
  const level = data.level;
  const ranked = isCertificateLevel(level);
  const institute = data.schools !== null;

  const columns: DataTableColumn<OwnSchoolResultRow>[] = [
    {
      id: "name",
      header: "Student",
      cell: (row) => (
        <Stack gap={1}>
          <strong dir="auto">{`${row.first_name} ${row.last_name}`.trim()}</strong>
          {/* One line each, so that a roll number never breaks when the table scrolls on a phone. */}
          <Text size="sm" tone="muted" nowrap>
            {`Roll ${row.roll_number}`}
          </Text>
          <Text size="sm" tone="muted" nowrap>
            {`Class ${classLabel(row.class_level)}`}
          </Text>
          {institute ? (
            <Text size="sm" tone="muted">
              {row.school_name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: "total", header: "Total marks", align: "end", cell: (row) => marks(row.total) },
    ...(ranked
      ? ([
          { id: "rank", header: "School rank", align: "end", cell: (row) => row.school_rank ?? "—" },
          {
            id: "award",
            header: "Award",
            cell: (row) => <Badge tone={awardTone(row.award)}>{row.award_name}</Badge>,
          },
          {
            id: "certificate",
            header: "Certificate",
            align: "end",
            cell: (row) => {
              const name = `${row.first_name} ${row.last_name}`.trim();
              return (
                <Stack direction="row" gap={2} justify="end" wrap>
                  {/* A plain link: the PDF downloads before hydration too. */}
                  <Button asChild size="sm" variant="light" icon={<Icon name="download" size={16} />}>
                    <a
                      href={certificatePath(row.student_id, level)}
                      download
                      aria-label={`Download the PDF certificate of ${name}`}
                    >
                      PDF
                    </a>
                  </Button>
                  {row.verify_code ? (
                    <Link href={verifyPath(row.verify_code)} aria-label={`Check the certificate of ${name}`}>
                      Check
                    </Link>
                  ) : null}
                </Stack>
              );
            },
          },
        ] satisfies DataTableColumn<OwnSchoolResultRow>[])
      : []),
  ];

  const activeFilters = ["class_level", "school_id"].filter((p) => params.get(p)).length;
  const filters = (
    <Stack gap={4}>
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_LEVELS.map((c) => ({ value: String(c), label: classLabel(c) }))}
        value={params.get("class_level") ?? ""}
        onChange={(event) => filter({ class_level: event.target.value })}
      />
      {data.schools ? (
        <Select
          label="School"
          placeholder="All your schools"
          options={data.schools}
          value={params.get("school_id") ?? ""}
          onChange={(event) => filter({ school_id: event.target.value })}
        />
      ) : null}
    </Stack>
  );
  const filtered = Boolean(query.search || activeFilters);

  return (
    <Stack gap={5}>
      {ranked && data.total > 0 ? (
        <BulkCertificates
          // A new level or school starts a new run.
          key={`${level}-${params.get("school_id") ?? ""}`}
          csrf={data.csrf}
          level={level}
          schoolId={params.get("school_id")}
          institute={institute}
        />
      ) : null}
      <Card
        title="Results"
        description={
          ranked
            ? `Marks, ranks and awards of your students' ${examLevelLabel(level)} answer sheets this exam year. Every student has a certificate: merit for an award, participation otherwise.`
            : "Marks of your students' mock exam answer sheets this exam year. A mock exam is for practice: it has no ranks, awards or certificates."
        }
        headerActions={
          <Select
            label="Exam"
            options={LEVEL_OPTIONS}
            value={level}
            onChange={(event) => filter({ level: event.target.value === "level1" ? null : event.target.value })}
          />
        }
        flush
      >
        <DataTable
          label={`${examLevelLabel(level)} results`}
          columns={columns}
          rows={data.rows}
          rowKey={(row) => `${row.student_id}`}
          total={data.total}
          query={query}
          onQueryChange={filter.query}
          status={listStatus}
          searchable
          searchPlaceholder="Name or roll number"
          actions={
            <Toolbar
              filters={filters}
              activeFilters={activeFilters}
              onResetFilters={() => filter({ class_level: null, school_id: null })}
            >
              <ExportMenu kind={EXPORT_KIND.ownSchoolResults} filters={data.filters} csrf={data.csrf} />
            </Toolbar>
          }
          emptyTitle={filtered ? "No students match" : "No results yet"}
          emptyDescription={
            filtered
              ? "Try another search or clear the filters."
              : `Results appear here once your students' ${examLevelLabel(level)} answer sheets have been marked.`
          }
        />
      </Card>
    </Stack>
  );
}

interface BulkProps {
  csrf: string;
  level: CertificateLevel;
  schoolId: string | null;
  /** A master institute may have them as a zip with one PDF per school. */
  institute: boolean;
}

/** "Download all certificates": starts the job, shows its progress, then the file's link. */
function BulkCertificates({ csrf, level, schoolId, institute }: BulkProps) {
  const fetcher = useFetcher<typeof resultsAction>();
  const answer = fetcher.data as BulkAnswer | undefined;
  const jobId = answer?.ok ? answer.jobId : null;
  const { job, failure } = useJob(jobId);
  const [output, setOutput] = useState<"pdf" | "zip">("pdf");
  const result = job?.status === "done" ? (job.result as { certificates?: number; bytes?: number } | null) : null;
  const running = jobId !== null && !result && job?.status !== "failed" && !failure;
  const starting = fetcher.state !== "idle";
  const problem = answer && !answer.ok ? answer.message : job?.status === "failed" ? job.error : failure;

  return (
    <Card
      title="All certificates"
      description={`Every ${examLevelLabel(level)} certificate${institute && !schoolId ? " of your schools" : ""} in one file, a page per student, ready to print on A4 paper in landscape.`}
    >
      <Stack gap={4}>
        <fetcher.Form method="post">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="level" value={level} />
          {schoolId ? <input type="hidden" name="school_id" value={schoolId} /> : null}
          <Stack direction="row" gap={3} align="end" wrap>
            {institute && !schoolId ? (
              <Select
                label="File"
                name="output"
                options={[
                  { value: "pdf", label: "One PDF" },
                  { value: "zip", label: "A zip with one PDF per school" },
                ]}
                value={output}
                onChange={(event) => setOutput(event.target.value === "zip" ? "zip" : "pdf")}
              />
            ) : null}
            <Button type="submit" loading={starting || running} icon={<Icon name="download" size={16} />}>
              {result ? "Make them again" : "Download all certificates"}
            </Button>
          </Stack>
        </fetcher.Form>
        {running ? (
          <ProgressBar
            label="Making certificates"
            value={job?.progress.total ? job.progress.done : undefined}
            max={job?.progress.total || undefined}
            valueText={
              job?.progress.total
                ? `${formatCount(job.progress.done)} of ${countOf(job.progress.total, COUNTED.certificate)}`
                : undefined
            }
          />
        ) : null}
        {problem ? (
          <Text role="alert" tone="danger">
            {problem}
          </Text>
        ) : null}
        {result && jobId !== null ? (
          <Stack gap={2}>
            <Text role="status" weight="semibold">
              {`${countOf(result.certificates ?? 0, COUNTED.certificate)} ${pluralWord(result.certificates ?? 0, COUNTED.is)} ready.`}
            </Text>
            <span>
              <Button asChild variant="light" icon={<Icon name="download" size={16} />}>
                <a href={bulkCertificatesPath(jobId)} download>
                  Download the file ({((result.bytes ?? 0) / 1e6).toLocaleString("en-IN", { maximumFractionDigits: 1 })}{" "}
                  MB)
                </a>
              </Button>
            </span>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
