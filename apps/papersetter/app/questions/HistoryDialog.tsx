import { useFetcher } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Chip } from "@repo/ui/chip";
import { Dialog } from "@repo/ui/dialog";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import type { SelectOption } from "@repo/ui/select";
import { Split } from "@repo/ui/split";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useId, useState } from "react";
import { DiffView } from "./DiffView";
import { type ComparableVersion, versionDiffs } from "./diff";
import { difficultyText, TYPE_SHORT } from "./labels";
import type { QuestionActionData, QuestionVersion } from "./questions.server";

interface Props {
  questionId: number;
  versions: readonly QuestionVersion[];
  currentVersion: number;
  failure: string | null;
  subjects: readonly SelectOption[];
  canRollback: boolean;
  csrf: string;
  onClose: () => void;
  /** A version was restored (as a new version): the page shows the API's message. */
  onRestored: (answer: QuestionActionData) => void;
}

/**
 * A question's versions, newest first, with who saved each, when and what changed; a chosen
 * version shows a word diff against the version before it, and the papersetter admin and sub
 * admin can restore it (as a new version: the history keeps everything).
 */
export default function HistoryDialog({
  questionId,
  versions,
  currentVersion,
  failure,
  subjects,
  canRollback,
  csrf,
  onClose,
  onRestored,
}: Props) {
  const dialogs = useMessageDialog();
  const restorer = useFetcher<QuestionActionData>();
  const headingId = useId();
  const [selected, setSelected] = useState<number>(versions[0]?.version ?? currentVersion);
  useFetcherResult(restorer, (answer) => {
    if (answer.ok) {
      if (answer.version) setSelected(answer.version);
      onRestored(answer);
    } else void dialogs.error(answer.message);
  });

  const index = Math.max(
    0,
    versions.findIndex((v) => v.version === selected),
  );
  const version = versions[index];
  const previous = versions[index + 1] ?? null;
  const subjectName = (id: number) => subjects.find((s) => s.value === String(id))?.label ?? `Subject ${id}`;
  const comparable = (v: QuestionVersion): ComparableVersion => ({
    content: v.content,
    question_type: TYPE_SHORT[v.question_type] ?? v.question_type,
    difficulty: difficultyText(v.difficulty),
    marks: v.marks,
    subject: subjectName(v.subject_id),
  });
  const diffs = (version ? versionDiffs(previous ? comparable(previous) : null, comparable(version)) : []).map((d) =>
    // The first version is shown as it was written, not as one long insertion.
    previous ? d : { ...d, parts: d.parts.map((part) => ({ ...part, kind: "same" as const })) },
  );
  const changed = diffs.filter((d) => d.changed);
  const unchanged = diffs.filter((d) => !d.changed).map((d) => d.field);

  const restore = async (to: QuestionVersion) => {
    const yes = await dialogs.confirm(
      `Version ${to.version} becomes the newest, saved as version ${currentVersion + 1}. Nothing is lost: version ${currentVersion} stays in the history. The question goes back to draft.`,
      { title: `Restore version ${to.version}`, confirmLabel: "Restore" },
    );
    if (yes) {
      restorer.submit(
        { csrf, intent: "rollback", id: String(questionId), version: String(to.version) },
        { method: "post" },
      );
    }
  };

  return (
    <Dialog
      title={`History of question ${questionId}`}
      description="Every save is a version. Choose one to see what it changed."
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
    >
      {failure ? (
        <Text tone="danger" role="alert">
          {failure}
        </Text>
      ) : (
        <Split layout="list-detail">
          <Stack element="ol" gap={2} aria-label="Versions, newest first">
            {versions.map((v) => (
              <li key={v.version}>
                <Chip shape="box" aria-pressed={v.version === version?.version} onClick={() => setSelected(v.version)}>
                  <b>
                    Version {v.version}
                    {v.version === currentVersion ? " (current)" : ""}
                  </b>
                  <Text inline tone="muted" size="sm">
                    {v.created_by ?? "Unknown"}, {formatDateTime(v.created_at)}
                  </Text>
                  {v.rolled_back_from ? <span>Restored from version {v.rolled_back_from}</span> : null}
                  <span>
                    {v.version === 1
                      ? "First version"
                      : v.changes.length
                        ? `Changed: ${v.changes.join(", ")}`
                        : "Nothing changed"}
                  </span>
                </Chip>
              </li>
            ))}
          </Stack>
          {version ? (
            <Stack gap={4} role="region" aria-labelledby={headingId}>
              <Stack gap={1}>
                <Text heading={3} size="lg" id={headingId}>
                  {previous
                    ? `Version ${version.version} beside version ${previous.version}`
                    : `Version ${version.version}, the first`}
                </Text>
                <Text size="sm" tone="muted">
                  {version.rolled_back_from ? `Restored from version ${version.rolled_back_from}. ` : ""}
                  {previous ? (
                    <>
                      Added words are <ins>underlined</ins>, removed words <del>struck through</del>.
                    </>
                  ) : (
                    "The question as it was first written."
                  )}
                </Text>
              </Stack>
              {changed.length === 0 ? <Text tone="muted">Nothing changed in this version.</Text> : null}
              {changed.map((d) => (
                <Stack key={d.field} gap={2}>
                  <Text heading={4} size="sm">
                    {`${d.field.charAt(0).toUpperCase()}${d.field.slice(1)}`}
                  </Text>
                  <DiffView parts={d.parts} />
                </Stack>
              ))}
              {previous && unchanged.length ? (
                <Text size="sm" tone="muted">
                  Unchanged: {unchanged.join(", ")}.
                </Text>
              ) : null}
              {canRollback && version.version !== currentVersion ? (
                <Stack direction="row" justify="end">
                  <Button variant="secondary" loading={restorer.state !== "idle"} onClick={() => restore(version)}>
                    Restore this version
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          ) : (
            <Text tone="muted">No versions yet.</Text>
          )}
        </Split>
      )}
    </Dialog>
  );
}
