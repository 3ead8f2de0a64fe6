import { postForDownload } from "@repo/remix-app/downloads/download";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Icon } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { PaperSetRow } from "./paper-set.server";
import { EXPORT_PATH } from "./paper-set-text";

const FILES = [
  { document: "paper", format: "pdf", label: "Question paper PDF" },
  { document: "paper", format: "docx", label: "Question paper DOCX" },
  { document: "key", format: "pdf", label: "Answer key PDF" },
  { document: "key", format: "docx", label: "Answer key DOCX" },
] as const;
type File = (typeof FILES)[number];

const FAILED = "The file could not be made. Please try again.";

/**
 * The set's question paper and answer key in each of its languages, as PDF or Word: a draft
 * prints as a proof, a finalized set its frozen versions and hash.
 */
export function ExportPanel({ set, csrf }: { set: PaperSetRow; csrf: string }) {
  const dialogs = useMessageDialog();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (languageId: number, languageName: string, file: File) => {
    const key = `${languageId}-${file.document}-${file.format}`;
    setBusy(key);
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("paperset_id", String(set.id));
    form.set("language_id", String(languageId));
    form.set("document", file.document);
    form.set("format", file.format);
    const outcome = await postForDownload(EXPORT_PATH, form, FAILED);
    setBusy(null);
    if (!outcome.ok) await dialogs.error(outcome.message, `${file.label} in ${languageName} not made`);
  };
  return (
    <Card
      title="Download"
      description={
        set.status === "finalized"
          ? "The finalized paper, exactly as frozen, in each of its languages."
          : "A proof of the draft in each of its languages; questions not yet translated print in English."
      }
    >
      <Stack element="ul" gap={4} dividers>
        {set.languages.map((language) => (
          <Stack element="li" gap={2} key={language.code}>
            <Text heading={3}>
              {language.name}
              {language.native !== language.name ? (
                <Text inline tone="muted">
                  {" ("}
                  <span lang={language.code} dir={language.dir}>
                    {language.native}
                  </span>
                  {")"}
                </Text>
              ) : null}
            </Text>
            <Stack direction="row" gap={2}>
              {FILES.map((file) => {
                const key = `${language.id}-${file.document}-${file.format}`;
                return (
                  <Button
                    key={key}
                    size="sm"
                    variant="secondary"
                    icon={<Icon name="download" size={16} />}
                    loading={busy === key}
                    disabled={busy !== null && busy !== key}
                    aria-label={`${file.label} in ${language.name}`}
                    onClick={() => void run(language.id, language.name, file)}
                  >
                    {file.label}
                  </Button>
                );
              })}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
