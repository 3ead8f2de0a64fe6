import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { postForDownload } from "@repo/remix-app/downloads/download";
import { Button } from "@repo/ui/button";
import { Grid } from "@repo/ui/grid";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";

/** The path of the subject print (routes/subject-export.tsx). */
export const SUBJECT_EXPORT_PATH = "/subject-export";

const FILES = [
  { value: "paper-pdf", label: "Questions, PDF" },
  { value: "paper-docx", label: "Questions, Word (DOCX)" },
  { value: "key-pdf", label: "Answer key, PDF" },
  { value: "key-docx", label: "Answer key, Word (DOCX)" },
];

/**
 * Prints every question of one subject, class and exam in one language (export-subject-wise):
 * the bank as the paper setters proofread it, newest versions, untranslated ones in English.
 */
export function SubjectPrint({
  subject,
  level,
  classId,
  languages,
  csrf,
}: {
  subject: { id: number; name: string };
  level: string;
  classId: number | null;
  languages: readonly { id: number; name: string }[];
  csrf: string;
}) {
  const dialogs = useMessageDialog();
  const [cls, setCls] = useState(String(classId ?? 8));
  const [language, setLanguage] = useState("1");
  const [file, setFile] = useState("paper-pdf");
  const [busy, setBusy] = useState(false);
  const print = async () => {
    const [document, format] = file.split("-");
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("subject_id", String(subject.id));
    form.set("class_id", cls);
    form.set("exam_level", level);
    form.set("language_id", language);
    form.set("document", document ?? "paper");
    form.set("format", format ?? "pdf");
    setBusy(true);
    const outcome = await postForDownload(SUBJECT_EXPORT_PATH, form, "The file could not be made. Please try again.");
    setBusy(false);
    if (!outcome.ok) await dialogs.error(outcome.message, `${subject.name} not printed`);
  };
  return (
    <Stack gap={3}>
      <Grid minItemWidth={180}>
        <Select
          label="Class"
          options={CLASS_LEVELS.map((c) => ({ value: String(c), label: `Class ${classLabel(c)}` }))}
          value={cls}
          onChange={(event) => setCls(event.target.value)}
        />
        <Select
          label="Language"
          options={[
            { value: "1", label: "English" },
            ...languages.map((l) => ({ value: String(l.id), label: l.name })),
          ]}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        />
        <Select label="File" options={FILES} value={file} onChange={(event) => setFile(event.target.value)} />
      </Grid>
      <Stack direction="row" justify="end">
        <Button icon="download" loading={busy} onClick={print}>
          {`Print ${subject.name}`}
        </Button>
      </Stack>
    </Stack>
  );
}
