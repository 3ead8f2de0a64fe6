import { useFetcher } from "@remix-run/react";
import {
  CONTENT_FILE_LABELS,
  CONTENT_TITLE_MAX,
  type ContentFileKind,
  STUDY_MATERIAL_MAX_PRICE_MINOR,
  uploadHint,
} from "@repo/contracts/content-constants";
import { CLASS_OPTIONS, LANGUAGE_OPTIONS, LEVEL_OPTIONS } from "@repo/remix-app/content/choices";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import {
  Form,
  FormCheckbox,
  FormFileInput,
  FormMultiSelect,
  FormSelect,
  FormSubmit,
  FormTextarea,
  FormTextField,
  useZodForm,
} from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { BrochureRow, ContentActionData, StudyMaterialRow } from "./content-files.server";

interface Props {
  kind: ContentFileKind;
  /** The row to edit, or null to create. */
  row: StudyMaterialRow | BrochureRow | null;
  csrf: string;
  onClose: () => void;
}

const PDF_ACCEPT = "application/pdf,.pdf";

/**
 * The dialog's values: text and choices as the form holds them, the price in rupees (the API takes
 * paise). The API checks everything again and its field errors land on these fields.
 */
const formSchema = (kind: ContentFileKind, editing: boolean) =>
  z
    .object({
      title: z
        .string()
        .trim()
        .min(3, "The title must be at least 3 characters")
        .max(CONTENT_TITLE_MAX, `The title can be at most ${CONTENT_TITLE_MAX} characters`),
      description: z.string(),
      class_level: z.string(),
      exam_level: z.string(),
      languages: z.array(z.string()),
      language: z.string(),
      is_free: z.boolean(),
      price: z.string(),
      link: z.string().trim(),
      is_published: z.boolean(),
      file: z.instanceof(File).nullable(),
    })
    .superRefine((values, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      if (kind !== "study-material") {
        if (!values.language) issue("language", "Choose the brochure's language");
        if (!editing && !values.file)
          issue("file", `Choose the PDF of the ${CONTENT_FILE_LABELS[kind].one.toLowerCase()}`);
        return;
      }
      if (!values.exam_level) issue("exam_level", "Choose the level");
      if (values.languages.length === 0) issue("languages", "Choose at least one language");
      if (values.link && !values.link.startsWith("https://")) issue("link", "The link must start with https://");
      if (values.link && values.file) issue("link", "Give either a PDF file or a link, not both");
      if (!editing && !values.link && !values.file) issue("file", "Upload a PDF, or give an https:// link instead");
      if (!values.is_free) {
        const rupees = Number(values.price);
        if (!values.price || !Number.isFinite(rupees) || rupees <= 0) issue("price", "Enter a price above zero");
        else if (Math.round(rupees * 100) > STUDY_MATERIAL_MAX_PRICE_MINOR) issue("price", "The price is too high");
      }
    });
type Values = z.infer<ReturnType<typeof formSchema>>;

function defaults(row: Props["row"]): Values {
  const study = row && "exam_level" in row ? row : null;
  return {
    title: row?.title ?? "",
    description: study?.description ?? "",
    class_level: study?.class_level ? String(study.class_level) : "",
    exam_level: study?.exam_level ?? "",
    languages: study?.languages ?? [],
    language: row && "language" in row ? row.language : "",
    is_free: study ? study.is_free : true,
    price: study?.price ? String(study.price.amount_minor / 100) : "",
    link: study?.link ?? "",
    is_published: row?.is_published ?? false,
    file: null,
  };
}

/** The API's field names for the form's (only the price differs: paise there, rupees here). */
const API_FIELD: Record<string, keyof Values> = { price_minor: "price" };

/** Create or edit a study material, brochure or flipbook; the file goes up with the form as multipart. */
export default function ContentFileDialog({ kind, row, csrf, onClose }: Props) {
  const label = CONTENT_FILE_LABELS[kind];
  const fetcher = useFetcher<ContentActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(formSchema(kind, row !== null), { defaultValues: defaults(row) });
  const isFree = form.watch("is_free");
  const fields = Object.keys(defaults(null));

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const placed = (answer.errors ?? [])
      .map((error) => ({ ...error, field: API_FIELD[error.field] ?? error.field }))
      .filter((error) => fields.includes(error.field));
    for (const error of placed) form.setError(error.field as keyof Values, { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  const submit = (values: Values) => {
    const body = new FormData();
    body.set("csrf", csrf);
    body.set("intent", row ? "update" : "create");
    if (row) body.set("id", String(row.id));
    body.set("title", values.title);
    body.set("is_published", String(values.is_published));
    if (kind === "study-material") {
      body.set("description", values.description);
      body.set("class_level", values.class_level);
      body.set("exam_level", values.exam_level);
      for (const code of values.languages) body.append("languages", code);
      body.set("is_free", String(values.is_free));
      if (!values.is_free) body.set("price_minor", String(Math.round(Number(values.price) * 100)));
      body.set("link", values.link);
    } else {
      body.set("language", values.language);
    }
    if (values.file) body.set("file", values.file);
    fetcher.submit(body, { method: "post", encType: "multipart/form-data" });
  };

  const current = row?.file ? `Now: ${row.file.name}. Choose a file only to replace it.` : null;

  return (
    <Dialog
      title={row ? `Edit ${label.one.toLowerCase()}: ${row.title}` : `Create ${label.one.toLowerCase()}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form form={form} onSubmit={submit}>
        <Stack gap={4}>
          <FormTextField name="title" label="Title" autoComplete="off" />
          {kind === "study-material" ? (
            <>
              <FormTextarea name="description" label="Description (optional)" rows={3} />
              <FormSelect name="class_level" label="Class" placeholder="All classes" options={CLASS_OPTIONS} />
              <FormSelect name="exam_level" label="Level" placeholder="Select a level" options={LEVEL_OPTIONS} />
              <FormMultiSelect
                name="languages"
                label="Languages"
                placeholder="Select languages"
                options={LANGUAGE_OPTIONS}
              />
              <FormCheckbox
                name="is_free"
                label="Free"
                description="Untick to sell it; schools buy it from Buy Study Material."
              />
              {isFree ? null : (
                <FormTextField
                  name="price"
                  label="Price (₹)"
                  inputMode="decimal"
                  hint="In rupees, e.g. 149 or 149.50"
                />
              )}
              <FormTextField
                name="link"
                label="External link (instead of a file)"
                inputMode="url"
                hint="An https:// address; leave empty to upload a PDF"
              />
            </>
          ) : (
            <FormSelect name="language" label="Language" placeholder="Select a language" options={LANGUAGE_OPTIONS} />
          )}
          <FormFileInput
            name="file"
            label="PDF file"
            accept={PDF_ACCEPT}
            typeError="Choose a PDF file"
            hint={[uploadHint(kind), current].filter(Boolean).join(". ")}
          />
          <FormCheckbox name="is_published" label="Published" description="Schools see only published items." />
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>
              {row ? "Save changes" : `Create ${label.one.toLowerCase()}`}
            </FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
