import { Form, Link as RemixLink, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Checkbox } from "@repo/ui/checkbox";
import { DescriptionList } from "@repo/ui/description-list";
import { EmptyState } from "@repo/ui/empty-state";
import { useHydrated } from "@repo/ui/hydrated";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useEffect, useState } from "react";
import type { ResetAnswer, ResetSummary, resetExamLoader } from "./answer-uploads.server";
import { resetExamPath } from "./answer-uploads-paths";
import { count, figure } from "./upload-words";

/** The API's own comparison: the name typed, trimmed, in any case. */
const typedRight = (typed: string, name: string) => typed.trim().toLowerCase() === name.toLowerCase();

/**
 * Reset Exam (admins 3 and 6): what resetting a level deletes for the exam year (its answer sheets,
 * results and ranks; its uploads are listed as deleted) and keeps (its finalized paper sets), and
 * the reset itself once the admin has typed the level's name.
 */
export function ResetExamScreen() {
  const data = useLoaderData<typeof resetExamLoader>();
  const answer = useActionData<ResetAnswer>();
  const navigation = useNavigation();
  const inBrowser = useHydrated();
  const name = data.levels.find((l) => l.param === data.level)?.name ?? data.level;
  // Without script a refused reset comes back as a new page: it shows again what was typed (decision 053).
  const [typed, setTyped] = useState(answer?.typed?.confirm ?? "");
  const resetting = navigation.state === "submitting" && navigation.formData?.get("level") === data.level;
  const confirmError = answer && !answer.ok ? answer.errors?.find((e) => e.field === "confirm")?.message : undefined;
  const withdrawError =
    answer && !answer.ok ? answer.errors?.find((e) => e.field === "withdraw_certificates")?.message : undefined;
  const certificates = data.summary?.certificates ?? 0;
  const [withdraw, setWithdraw] = useState(answer?.typed?.withdraw ?? false);

  // A reset done: the fields are emptied, so that a second reset needs them again.
  useEffect(() => {
    if (answer?.ok) {
      setTyped("");
      setWithdraw(false);
    }
  }, [answer]);

  return (
    <Stack gap={5}>
      <nav aria-label="Exam level">
        <Stack direction="row" gap={2}>
          {data.levels.map((level) => (
            <Button key={level.param} asChild variant={level.param === data.level ? "primary" : "secondary"} size="sm">
              <RemixLink to={resetExamPath(level.param)} aria-current={level.param === data.level ? "page" : undefined}>
                {level.name}
              </RemixLink>
            </Button>
          ))}
        </Stack>
      </nav>

      {answer?.ok && answer.summary ? <Outcome message={answer.message} summary={answer.summary} /> : null}

      {data.summary ? (
        <Card
          title={`What a reset of ${name} deletes`}
          description={`Exam year ${data.summary.exam_year}. Only ${name}: the other levels are not touched.`}
        >
          <DescriptionList
            aria-label={`What a reset of ${name} deletes and keeps`}
            items={[
              { label: "Answer sheets to delete", value: figure(data.summary.sheets) },
              { label: "Results and ranks", value: data.summary.sheets > 0 ? "Deleted with the sheets" : "None" },
              { label: "Uploads", value: `${figure(data.summary.uploads)}, to be listed as deleted` },
              {
                label: "Certificates",
                value: certificatesWithdrawn(data.summary),
              },
              {
                label: "Finalized paper sets",
                value: `${figure(data.summary.finalized_paper_sets)} kept: a reset never changes a paper set`,
              },
            ]}
          />
        </Card>
      ) : (
        <Card title={`Reset ${name}`}>
          <EmptyState
            role="alert"
            icon="warning"
            tone="danger"
            title="Something went wrong"
            description={data.failure ?? undefined}
          />
        </Card>
      )}

      <Card
        title="Danger zone"
        description={`Resetting deletes every ${name} answer sheet and result of the exam year. It cannot be undone: the vendor's files would have to be uploaded and stored again.`}
      >
        <Form method="post" aria-label={`Reset ${name}`}>
          <input type="hidden" name="csrf" value={data.csrf} />
          <input type="hidden" name="level" value={data.level} />
          <Stack gap={4}>
            <Stack fieldWidth="short">
              <TextField
                label={`Type “${name}” to confirm`}
                name="confirm"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                error={confirmError}
                hint={`The level's name, as written here: ${name}`}
              />
            </Stack>
            {certificates > 0 ? (
              <Stack gap={1}>
                <Checkbox
                  name="withdraw_certificates"
                  value={String(certificates)}
                  required
                  checked={withdraw}
                  onChange={(event) => setWithdraw(event.target.checked)}
                  aria-invalid={withdrawError ? true : undefined}
                  aria-describedby={withdrawError ? "withdraw-certificates-error" : undefined}
                  label={`Withdraw ${countOf(certificates, COUNTED.certificate)}`}
                  description="Their QR codes will answer “withdrawn” with today's date. Storing the same results again gives each unchanged award its code back."
                />
                {withdrawError ? (
                  <Text tone="danger" size="sm" id="withdraw-certificates-error" role="alert">
                    {withdrawError}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {answer && !answer.ok && !confirmError && !withdrawError ? (
              <Text tone="danger" role="alert">
                {answer.message}
              </Text>
            ) : null}
            <div>
              <Button
                type="submit"
                variant="danger"
                icon={<Icon name="trash" size={16} />}
                loading={resetting}
                // Without script (or before it runs) the API checks the name and says what is wrong.
                disabled={inBrowser && (!typedRight(typed, name) || (certificates > 0 && !withdraw))}
              >
                Reset {name}
              </Button>
            </div>
          </Stack>
        </Form>
      </Card>
    </Stack>
  );
}

/** What a reset does to the level's certificates (decision 060): how many, and how many were downloaded. */
function certificatesWithdrawn(summary: ResetSummary): string {
  if (summary.certificates === 0) return "None to withdraw";
  const printed =
    summary.certificates_printed > 0 ? `, ${figure(summary.certificates_printed)} of them already downloaded` : "";
  return `${countOf(summary.certificates, COUNTED.certificate)} to withdraw${printed}: their QR codes will say “withdrawn”`;
}

/** A reset done: the API's sentence and what is left of the level. */
function Outcome({ message, summary }: { message: string; summary: ResetSummary }) {
  return (
    <Card title="Reset done">
      <Stack gap={3} role="status">
        <Stack direction="row" gap={2} align="start" wrap={false}>
          <Icon name="success" size={20} />
          <Text weight="semibold">{message}</Text>
        </Stack>
        <Text>
          {summary.confirm} now has {count(summary.sheets, "answer sheet", "answer sheets")} of {summary.exam_year};{" "}
          {count(summary.finalized_paper_sets, "finalized paper set was", "finalized paper sets were")} kept.
        </Text>
      </Stack>
    </Card>
  );
}
