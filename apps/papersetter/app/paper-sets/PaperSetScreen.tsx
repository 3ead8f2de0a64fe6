import { Link as RemixLink, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useListFailureWarning } from "@repo/remix-app/lists/list-page";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Icon } from "@repo/ui/icon";
import { Link } from "@repo/ui/link";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useRef, useState } from "react";
import { ErrorLines } from "./ErrorLines";
import { ExportPanel } from "./ExportPanel";
import type { PaperSetActionData, PaperSetPageData, SectionRow } from "./paper-set.server";
import { isExamLevel, LEVEL_LIST_PATHS, paperSetCheckPath, problemView, setLabel } from "./paper-set-text";
import { SectionCard } from "./SectionCard";

// The edit form and the question picker load when first opened.
const PaperSetEditDialog = lazy(() => import("./PaperSetEditDialog"));
const QuestionPickerDialog = lazy(() => import("./QuestionPickerDialog"));

/**
 * One paper set: its facts and status, each section's questions in paper order, the check of
 * what keeps it a draft, finalizing (which freezes it under a content hash), and its downloads.
 */
export function PaperSetScreen() {
  const data = useLoaderData<PaperSetPageData>();
  const { set, may } = data;
  const dialogs = useMessageDialog();
  const actor = useFetcher<PaperSetActionData>();
  const navigation = useNavigation();
  // The check is the page's own address (view=check): a link that works without script, and is
  // run again whenever the page is, after a save or a fill (decision 053).
  const checkPath = paperSetCheckPath(set.id);
  const checking = navigation.state === "loading" && navigation.location.search.includes("view=check");
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState<SectionRow | null>(null);
  const draft = set.status !== "finalized";
  const assemble = draft && may.assemble;
  const lastIntent = useRef<"assemble" | "finalize">("assemble");
  useListFailureWarning(data.failure, "Questions not found");

  useFetcherResult(actor, (answer) => {
    if (answer.ok) {
      void dialogs.success(answer.message);
      return;
    }
    const details = answer.errors?.map((e) => e.message) ?? [];
    void dialogs.error(
      <ErrorLines message={answer.message} details={details} />,
      lastIntent.current === "finalize" ? "Not finalized" : undefined,
    );
  });

  const run = (intent: "assemble" | "finalize") => {
    lastIntent.current = intent;
    actor.submit({ csrf: data.csrf, intent, id: String(set.id) }, { method: "post" });
  };
  const fill = async () => {
    const yes = await dialogs.confirm(
      "Fill each section's free places with reviewed questions of the subjects its blueprint names? Questions already placed stay.",
      { title: "Fill from blueprint", confirmLabel: "Fill" },
    );
    if (yes) run("assemble");
  };
  const finalize = async () => {
    const yes = await dialogs.confirm(
      `Finalize ${set.code}? Its questions, their versions and translations are frozen under a content hash. This cannot be undone: a finalized set never changes.`,
      { title: "Finalize paper set", confirmLabel: "Finalize", destructive: true },
    );
    if (yes) run("finalize");
  };

  const placedIn: Record<number, string> = {};
  for (const { section, questions } of data.sections)
    for (const q of questions) placedIn[q.question_id] = section.label;
  const busy = actor.state !== "idle";
  const busyWith = actor.formData?.get("intent");
  const levelList = isExamLevel(set.exam_level) ? LEVEL_LIST_PATHS[set.exam_level] : null;

  const checked = data.check;
  const problems = checked?.problems.map((p, i) => problemView(p, set.languages, i)) ?? [];

  return (
    <Stack gap={5}>
      <Card
        title={`${set.code}: ${set.name}`}
        description={`${setLabel(set)} · exam year ${set.exam_year}`}
        headerActions={draft ? <Badge tone="warning">Draft</Badge> : <Badge tone="success">Finalized</Badge>}
        actions={
          <Stack direction="row" gap={2}>
            {assemble ? (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Icon name="edit" size={16} />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Icon name="layers" size={16} />}
                  onClick={() => void fill()}
                  loading={busy && busyWith === "assemble"}
                  disabled={busy}
                >
                  Fill from blueprint
                </Button>
              </>
            ) : null}
            {draft ? (
              <Button variant="secondary" size="sm" asChild>
                <RemixLink to={checkPath} preventScrollReset aria-busy={checking || undefined}>
                  <Icon name="check" size={16} />
                  Check
                </RemixLink>
              </Button>
            ) : null}
            {draft && may.finalize ? (
              <Button
                size="sm"
                icon={<Icon name="lock" size={16} />}
                onClick={() => void finalize()}
                loading={busy && busyWith === "finalize"}
                disabled={busy}
              >
                Finalize
              </Button>
            ) : null}
            {levelList ? (
              <Link asChild>
                <RemixLink to={levelList}>All {setLabel(set).split(",")[0]} paper sets</RemixLink>
              </Link>
            ) : null}
          </Stack>
        }
      >
        <Stack gap={4}>
          <DescriptionList
            aria-label="Paper set"
            items={[
              { label: "Status", value: draft ? "Draft: it may still change" : "Finalized: it never changes" },
              {
                label: "Content hash",
                value: set.content_hash ? (
                  <Text inline preformatted size="sm">
                    {set.content_hash}
                  </Text>
                ) : null,
              },
              {
                label: "Finalized",
                value: set.finalized_at
                  ? [formatDateTime(set.finalized_at), set.finalized_by ? `by ${set.finalized_by}` : ""]
                      .filter(Boolean)
                      .join(" ")
                  : null,
              },
              { label: "Languages", value: set.languages.map((l) => l.name).join(", ") },
              { label: "Duration", value: countOf(set.duration_minutes, COUNTED.minute) },
              { label: "Total marks", value: String(set.total_marks) },
              { label: "Copied from", value: set.copied_from ? `Paper set ${set.copied_from}` : null },
            ]}
          />
          {set.instructions.length ? (
            <Stack gap={2}>
              <Text weight="semibold">Instructions</Text>
              <Stack element="ol" bullets gap={1}>
                {set.instructions.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: instructions may repeat
                  <li key={i}>{line}</li>
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      </Card>

      {draft && checked ? (
        <Card
          title="Check before finalizing"
          description={
            checked.failure
              ? undefined
              : problems.length
                ? `${countOf(problems.length, COUNTED.thing)} to fix before this set can be finalized.`
                : undefined
          }
        >
          <div role="status">
            {checked.failure ? (
              <Text tone="danger">{checked.failure}</Text>
            ) : problems.length === 0 ? (
              <Text tone="success" weight="semibold">
                No problems: every section is full, every rule within reach, every question reviewed and translated.
              </Text>
            ) : (
              <Stack element="ul" bullets gap={2} aria-label="Problems">
                {problems.map((p) => (
                  <li key={p.key}>
                    <Stack direction="row" gap={2} align="baseline">
                      <span>{p.message}</span>
                      {p.href ? (
                        <Link asChild>
                          <RemixLink to={p.href}>{p.linkLabel}</RemixLink>
                        </Link>
                      ) : null}
                    </Stack>
                  </li>
                ))}
              </Stack>
            )}
          </div>
        </Card>
      ) : null}

      {data.sections.map((sectionData) => (
        <SectionCard
          key={sectionData.section.id}
          setId={set.id}
          data={sectionData}
          sections={set.sections}
          csrf={data.csrf}
          editable={assemble}
          finalized={!draft}
          onAdd={() => setAdding(sectionData.section)}
        />
      ))}

      {may.export ? <ExportPanel set={set} csrf={data.csrf} /> : null}

      {editing ? (
        <Suspense fallback={null}>
          <PaperSetEditDialog set={set} subjects={data.subjects} csrf={data.csrf} onClose={() => setEditing(false)} />
        </Suspense>
      ) : null}
      {adding ? (
        <Suspense fallback={null}>
          <QuestionPickerDialog
            set={set}
            section={adding}
            current={data.sections.find((s) => s.section.id === adding.id)?.questions.map((q) => q.question_id) ?? []}
            placedIn={placedIn}
            subjects={data.subjects}
            csrf={data.csrf}
            onClose={() => setAdding(null)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
