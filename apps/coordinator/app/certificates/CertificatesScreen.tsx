import { useFetcher, useLoaderData } from "@remix-run/react";
import {
  CERTIFICATE_LIMITS,
  CERTIFICATE_OUTPUTS,
  type CertificateOutput,
} from "@repo/contracts/certificates-constants";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { useJob } from "@repo/remix-app/jobs/use-job";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { RegionPicker } from "@repo/remix-app/lists/region-picker";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { formatCount } from "@repo/ui/format";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { ProgressBar } from "@repo/ui/progress-bar";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { BulkAnswer, certificatesAction, certificatesLoader } from "./certificates.server";
import { coordinatorBulkCertificatesPath } from "./paths";

const LEVEL_OPTIONS = (["level1", "level2"] as const).map((code) => ({ value: code, label: examLevelLabel(code) }));

/**
 * /result-overview/certificates: every certificate of a state, district or school of the viewer's
 * region as one PDF (a page per student) or a zip with one PDF per school, made by a job.
 */
export function CertificatesScreen() {
  const data = useLoaderData<typeof certificatesLoader>();
  const filter = useFilterParams();
  useListFailureWarning(data.failure, "Regions not found");
  const { choice } = data;
  const fetcher = useFetcher<typeof certificatesAction>();
  const answer = fetcher.data as BulkAnswer | undefined;
  const jobId = answer?.ok ? answer.jobId : null;
  const { job, failure } = useJob(jobId);
  const [output, setOutput] = useState<CertificateOutput>("pdf");
  const result = job?.status === "done" ? (job.result as { certificates?: number; bytes?: number } | null) : null;
  const running = jobId !== null && !result && job?.status !== "failed" && !failure;
  const problem = answer && !answer.ok ? answer.message : job?.status === "failed" ? job.error : failure;
  const place = choice.schoolId
    ? data.schools.find((s) => s.value === String(choice.schoolId))?.label
    : choice.districtId
      ? data.districts.find((d) => d.value === String(choice.districtId))?.label
      : data.states.find((s) => s.value === String(choice.stateId))?.label;

  return (
    <Card
      title="Certificates"
      description="Every student with an answer sheet of the level has a certificate: merit for an award, participation otherwise. Choose a state, a district or one school of your region and make all its certificates at once, ready to print on A4 paper in landscape."
    >
      <fetcher.Form method="post">
        <input type="hidden" name="csrf" value={data.csrf} />
        <Stack gap={4}>
          <Grid minItemWidth={180} gap={3}>
            <Select
              label="Exam"
              name="level"
              options={LEVEL_OPTIONS}
              value={choice.level}
              onChange={(event) => filter({ level: event.target.value === "level1" ? null : event.target.value })}
            />
            <RegionPicker
              levels={["state", "district"]}
              options={{ state: data.states, district: data.districts }}
              placeholders={{ state: "Choose a state", district: "The whole state" }}
              alsoClears={["school_id"]}
            />
            <Select
              label="School"
              name="school_id"
              placeholder={choice.districtId ? "The whole district" : "Choose a district first"}
              options={data.schools}
              value={choice.schoolId ? String(choice.schoolId) : ""}
              onChange={(event) => filter({ school_id: event.target.value })}
              hint={data.moreSchools ? "The first 100 schools by name" : undefined}
            />
          </Grid>
          <Text tone="muted">
            {place
              ? `Every ${examLevelLabel(choice.level)} certificate of ${place} in your region.`
              : "Choose a state first: then a district or one school, or leave them for the whole state."}
          </Text>
          <Stack direction="row" gap={3} align="end">
            <Select
              label="File"
              name="output"
              options={CERTIFICATE_OUTPUTS.map((o) => ({ value: o.code, label: o.name }))}
              value={output}
              onChange={(event) => setOutput(event.target.value === "zip" ? "zip" : "pdf")}
            />
            <Button
              type="submit"
              disabled={!place}
              loading={fetcher.state !== "idle" || running}
              icon={<Icon name="download" size={16} />}
            >
              Make the certificates
            </Button>
          </Stack>
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
                  <a href={coordinatorBulkCertificatesPath(jobId)} download>
                    Download the file (
                    {((result.bytes ?? 0) / 1e6).toLocaleString("en-IN", { maximumFractionDigits: 1 })} MB)
                  </a>
                </Button>
              </span>
              <Text size="sm" tone="muted">
                The file is kept for {CERTIFICATE_LIMITS.bulkFileDays} days; after that, make the certificates again.
              </Text>
            </Stack>
          ) : null}
        </Stack>
      </fetcher.Form>
    </Card>
  );
}
