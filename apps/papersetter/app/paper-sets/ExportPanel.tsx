import { postForDownload } from "@repo/remix-app/downloads/download";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Icon } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { styled } from "@repo/ui/theme";
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

const Rows = styled("ul", { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "$4" });
const Row = styled("li", {
  display: "grid",
  gap: "$2",
  paddingBottom: "$4",
  borderBottom: "1px solid $border",
  "&:last-child": { borderBottom: "none", paddingBottom: 0 },
});
const Language = styled("h3", { margin: 0, fontSize: "$md", fontWeight: "$semibold", color: "$text" });

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
      <Rows>
        {set.languages.map((language) => (
          <Row key={language.code}>
            <Language>
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
            </Language>
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
          </Row>
        ))}
      </Rows>
    </Card>
  );
}
