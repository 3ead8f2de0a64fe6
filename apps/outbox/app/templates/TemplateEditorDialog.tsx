import { useFetcher } from "@remix-run/react";
import { LANGUAGES } from "@repo/contracts/languages";
import { parseTemplate, templateVariables } from "@repo/contracts/mail-template";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { DocumentPreview } from "@repo/ui/document-preview";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useState } from "react";
import type { TemplateActionData, TemplateDetail } from "./templates.server";

/** What the editor starts from: a saved template, or a new one (possibly a new language of a key). */
export type EditorStart = { kind: "edit"; template: TemplateDetail } | { kind: "create"; from?: TemplateDetail };

interface Props {
  start: EditorStart;
  csrf: string;
  onClose: () => void;
  onAddLanguage: (from: TemplateDetail) => void;
}

/** Where a template's text is wrong, as the author should read it. */
function problemOf(text: string): string | undefined {
  const parsed = parseTemplate(text);
  return parsed.ok
    ? undefined
    : `Line ${parsed.problem.line}, column ${parsed.problem.column}: ${parsed.problem.message}`;
}

/**
 * Create or edit a template: subject and body with {{ variables }} (checked as the author types,
 * and again by the API), sample values and a preview as recipients see it; every save is a new
 * version, and an earlier version can be loaded to save it again.
 */
export default function TemplateEditorDialog({ start, csrf, onClose, onAddLanguage }: Props) {
  const source = start.kind === "edit" ? start.template : start.from;
  const dialogs = useMessageDialog();
  const saver = useFetcher<TemplateActionData>();
  const previewer = useFetcher<TemplateActionData>();
  const [key, setKey] = useState(source?.key ?? "");
  const [language, setLanguage] = useState(start.kind === "edit" ? start.template.language : "");
  const [name, setName] = useState(source?.name ?? "");
  const [subject, setSubject] = useState(source?.subject ?? "");
  const [body, setBody] = useState(source?.body ?? "");
  // The editor keeps its own content; loading a version gives it a new one.
  const [bodyVersion, setBodyVersion] = useState(0);
  const [samples, setSamples] = useState<Record<string, string>>({});

  const variables = templateVariables(subject, body);
  const serverErrors = saver.data && !saver.data.ok ? (saver.data.errors ?? []) : [];
  const errorOf = (field: string) => serverErrors.find((e) => e.field === field)?.message;

  useFetcherResult(saver, (answer) => {
    if (answer.ok && "message" in answer) {
      onClose();
      void dialogs.success(answer.message);
    } else if (!answer.ok && !answer.errors?.length) {
      void dialogs.error(answer.message);
    }
  });

  const submit = (fetcher: typeof saver, fields: Record<string, string>) =>
    fetcher.submit({ ...fields, csrf }, { method: "post" });
  const save = () =>
    start.kind === "edit"
      ? submit(saver, { intent: "update", id: String(start.template.id), name, subject, body })
      : submit(saver, { intent: "create", key, language, name, subject, body });
  const preview = () =>
    submit(previewer, {
      intent: "preview",
      subject,
      body,
      variables: JSON.stringify(samples),
      ...(language ? { language } : {}),
    });

  const title =
    start.kind === "edit"
      ? `Edit template: ${start.template.name}`
      : source
        ? `Add a language: ${source.key}`
        : "Create template";
  const preview_ =
    previewer.data?.ok && previewer.data.intent === "preview" && "mail" in previewer.data ? previewer.data.mail : null;
  const previewError = previewer.data && !previewer.data.ok ? previewer.data.message : undefined;

  return (
    <Dialog
      title={title}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      footer={
        <Stack direction="row" gap={3} justify="end">
          {start.kind === "edit" ? (
            <Button variant="ghost" onClick={() => onAddLanguage(start.template)}>
              Add a language
            </Button>
          ) : null}
          <Button variant="light" onClick={preview} loading={previewer.state !== "idle"}>
            Preview
          </Button>
          <Button onClick={save} loading={saver.state !== "idle"}>
            {start.kind === "edit" ? "Save as a new version" : "Create template"}
          </Button>
        </Stack>
      }
    >
      <Stack gap={4}>
        {start.kind === "create" ? (
          <Stack direction="row" gap={4} grow>
            <TextField
              label="Key"
              hint="Lower-case letters, digits and -, e.g. exam-reminder"
              value={key}
              readOnly={Boolean(source)}
              onChange={(event) => setKey(event.target.value)}
              error={errorOf("key")}
            />
            <Select
              label="Language"
              placeholder="Choose a language"
              options={LANGUAGES.map((l) => ({ value: l.code, label: `${l.name} (${l.native})` }))}
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
              error={errorOf("language")}
            />
          </Stack>
        ) : null}
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errorOf("name")}
        />
        <TextField
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          error={problemOf(subject) ?? errorOf("subject")}
        />
        <RichTextEditor
          key={bodyVersion}
          label="Body"
          defaultValue={body}
          onChange={setBody}
          hint="Write {{ variable_name }} where a value goes; {{ name }} and {{ email }} are each recipient's."
          error={problemOf(body) ?? errorOf("body")}
          dir={LANGUAGES.find((l) => l.code === language)?.dir ?? "ltr"}
        />
        <Text tone="muted">
          {variables.length
            ? `Variables: ${variables.map((v) => `{{ ${v} }}`).join(", ")}`
            : "This template has no variables."}
        </Text>
        {variables.length ? (
          <Stack direction="row" gap={4} grow>
            {variables.map((variable) => (
              <TextField
                key={variable}
                label={`Sample ${variable}`}
                value={samples[variable] ?? ""}
                onChange={(event) => setSamples((s) => ({ ...s, [variable]: event.target.value }))}
              />
            ))}
          </Stack>
        ) : null}
        {previewError ? (
          <Text role="alert" tone="danger" weight="semibold">
            {previewError}
          </Text>
        ) : null}
        {preview_ ? (
          <Stack gap={2}>
            <Text weight="semibold">Subject: {preview_.subject}</Text>
            <DocumentPreview title="Preview of the template" html={preview_.html} />
          </Stack>
        ) : null}
        {start.kind === "edit" && start.template.versions.length > 1 ? (
          <Stack gap={2} role="list" aria-label="Versions">
            <Text weight="semibold">Versions</Text>
            {start.template.versions.map((version) => (
              <Stack key={version.version} role="listitem" direction="row" gap={3} align="center">
                <Text inline>
                  Version {version.version}
                  {version.version === start.template.version ? " (active)" : ""} · {formatDateTime(version.created_at)}
                  {version.created_by ? ` · ${version.created_by}` : ""}
                </Text>
                {version.version !== start.template.version ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      setSubject(version.subject);
                      setBody(version.body);
                      setBodyVersion((n) => n + 1);
                    }}
                  >
                    Load version {version.version}
                  </Button>
                ) : null}
              </Stack>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
}
