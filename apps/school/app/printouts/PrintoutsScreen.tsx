import { useLoaderData, useLocation, useRevalidator } from "@remix-run/react";
import { PRINTOUT_PAGES } from "@repo/auth/student-paths";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import {
  ADMIT_CARD_LEVELS,
  SLIP_AUDIENCES,
  SLIP_LIMITS,
  studentCount,
} from "@repo/contracts/school-printouts-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { NO_SCRIPT_REFRESH_SECONDS, useJob } from "@repo/remix-app/jobs/use-job";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Checkbox } from "@repo/ui/checkbox";
import { formatCount } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { ProgressBar } from "@repo/ui/progress-bar";
import { RadioGroup } from "@repo/ui/radio-group";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect } from "react";
import type { printoutsLoader } from "./printouts.server";

const CLASS_OPTIONS = CLASS_LEVELS.map((c) => ({ value: String(c), label: classLabel(c) }));

/**
 * /student/admit-cards: a school's (a master institute's: one of its schools') admit cards of its
 * paid students in one PDF, and sign-in slips for a class (decision 050). Plain forms: everything
 * works before JavaScript loads; with it, the run's progress updates by itself.
 */
export function PrintoutsScreen() {
  const data = useLoaderData<typeof printoutsLoader>();
  const { query, summary } = data;
  const level = examLevelLabel(query.level);
  const hidden = (
    <>
      <input type="hidden" name="csrf" value={data.csrf} />
      <input type="hidden" name="level" value={query.level} />
      {query.class_level ? <input type="hidden" name="class_level" value={query.class_level} /> : null}
      {query.school_id ? <input type="hidden" name="school_id" value={query.school_id} /> : null}
    </>
  );

  return (
    <Stack gap={5}>
      <Card
        title="Admit cards and sign-in slips"
        description="For students without e-mail: print their admit cards, and slips with a one-time password to sign in with."
      >
        <form method="get" action={PRINTOUT_PAGES.page}>
          <Stack direction="row" gap={3} align="end" wrap>
            {data.schools ? (
              <Select
                label="School"
                name="school_id"
                options={data.schools}
                defaultValue={query.school_id ? String(query.school_id) : undefined}
              />
            ) : null}
            <Select
              label="Exam"
              name="level"
              options={ADMIT_CARD_LEVELS.map((code) => ({ value: code, label: examLevelLabel(code) }))}
              defaultValue={query.level}
            />
            <Select
              label="Class"
              name="class_level"
              placeholder="All classes"
              options={CLASS_OPTIONS}
              defaultValue={query.class_level ? String(query.class_level) : ""}
            />
            <Button type="submit" variant="light">
              Show
            </Button>
          </Stack>
        </form>
      </Card>

      {data.problem ? (
        <Text role="alert" tone="danger">
          {data.problem}
        </Text>
      ) : null}

      <Card
        title={`${level} admit cards`}
        description={`${summary?.school_name ?? ""}${query.class_level ? `, class ${classLabel(query.class_level)}` : ", all classes"}: one PDF, a card per page in each student's exam language, ready for A4 paper.`}
      >
        <Stack gap={4}>
          {data.failure ? (
            <Text role="alert" tone="danger">
              {data.failure}
            </Text>
          ) : null}
          {summary ? (
            <Stack gap={2}>
              <Text weight="semibold">
                {summary.cards === 0
                  ? "No admit card to print."
                  : `${countOf(summary.cards, COUNTED.admitCard)} to print (paid students only).`}
              </Text>
              {summary.left_out.length > 0 ? (
                <>
                  <Text tone="muted">Left out:</Text>
                  <Stack element="ul" bullets gap={0}>
                    {summary.left_out.map((left) => (
                      <li key={left.reason}>{left.message}</li>
                    ))}
                  </Stack>
                </>
              ) : null}
            </Stack>
          ) : null}
          {summary && summary.cards > 0 ? (
            <form method="post">
              {hidden}
              <Button type="submit" icon={<Icon name="download" size={16} />}>
                {`Print ${countOf(summary.cards, COUNTED.admitCard)}`}
              </Button>
            </form>
          ) : null}
          {data.jobId ? <AdmitCardsRun jobId={data.jobId} job={data.job} /> : null}
        </Stack>
      </Card>

      <Card
        title="Sign-in slips for a class"
        description={`Each student gets a one-time password and must choose its own at the first sign-in; any session it has ends. ${SLIP_LIMITS.perPage} slips per page with cut lines.`}
      >
        {query.class_level ? (
          <form method="post" action={PRINTOUT_PAGES.slips}>
            {hidden}
            <Stack gap={4}>
              {data.preview ? (
                <Text>
                  {`Class ${classLabel(query.class_level)}: ${studentCount(data.preview.never_signed_in)} never signed in, ${studentCount(data.preview.signed_in)} already signed in.`}
                </Text>
              ) : null}
              <RadioGroup
                legend="Who gets a new password"
                name="audience"
                defaultValue="never_signed_in"
                options={SLIP_AUDIENCES.map((audience) => ({ value: audience.code, label: audience.name }))}
              />
              <Checkbox
                name="confirm"
                label="I understand: students who already chose their own password get a new one and must sign in with the slip."
                description="Needed only for every student of the class."
              />
              <span>
                <Button type="submit" icon={<Icon name="download" size={16} />}>
                  Print the slips
                </Button>
              </span>
            </Stack>
          </form>
        ) : (
          <Text tone="muted">
            Choose a class above to print its slips. A single student's slip is on View Students.
          </Text>
        )}
      </Card>
    </Stack>
  );
}

/** The run being followed: its progress (refreshed by JavaScript, or by the page itself without it), then its file. */
function AdmitCardsRun({ jobId, job: loaded }: { jobId: number; job: JobItemLike | null }) {
  const finished = loaded?.status === "done" || loaded?.status === "failed";
  const { job: polled } = useJob(finished ? null : jobId);
  const job = polled ?? loaded;
  const revalidator = useRevalidator();
  const location = useLocation();
  const done = job?.status === "done";
  useEffect(() => {
    // The loader reads the finished job (its file's size) once the poll sees it done.
    if (done && !finished && revalidator.state === "idle") revalidator.revalidate();
  }, [done, finished, revalidator]);
  if (!job) return <Text tone="danger">This run is not yours or no longer exists.</Text>;
  if (job.status === "failed") {
    return (
      <Text role="alert" tone="danger">
        {job.error ?? "The admit cards could not be printed. Please try again."}
      </Text>
    );
  }
  if (!done) {
    return (
      <Stack gap={2}>
        <noscript>
          <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
        </noscript>
        <ProgressBar
          label="Printing admit cards"
          value={job.progress.total ? job.progress.done : undefined}
          max={job.progress.total || undefined}
          valueText={
            job.progress.total
              ? `${formatCount(job.progress.done)} of ${formatCount(job.progress.total)} cards`
              : undefined
          }
        />
        <a href={`${location.pathname}${location.search}`}>Check again</a>
      </Stack>
    );
  }
  const result = job.result as { cards?: number; bytes?: number } | null;
  return (
    <Stack gap={2}>
      <Text role="status" weight="semibold">
        {`${countOf(result?.cards ?? 0, COUNTED.admitCard)} ${pluralWord(result?.cards ?? 0, COUNTED.is)} ready.`}
      </Text>
      <span>
        <Button asChild variant="light" icon={<Icon name="download" size={16} />}>
          <a href={PRINTOUT_PAGES.admitCardsFile(jobId)} download>
            {`Download the PDF (${((result?.bytes ?? 0) / 1e6).toLocaleString("en-IN", { maximumFractionDigits: 1 })} MB)`}
          </a>
        </Button>
      </span>
    </Stack>
  );
}

type JobItemLike = NonNullable<ReturnType<typeof useJob>["job"]>;
