import { useFetcher } from "@remix-run/react";
import { useFormAnswer } from "@repo/remix-app/forms/answer";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Form, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Grid } from "@repo/ui/grid";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { useState } from "react";
import { z } from "zod";
import type { PaperSetActionData, SectionRow } from "./paper-set.server";
import { gateOptions, RULE_FIELDS } from "./paper-set-text";

const schema = z
  .object({ counts_if_section: z.string(), counts_if_marks: z.string().trim() })
  .superRefine((values, ctx) => {
    if (values.counts_if_section && !/^\d+(\.\d+)?$/.test(values.counts_if_marks)) {
      ctx.addIssue({ code: "custom", path: ["counts_if_marks"], message: "Give the marks as a number, e.g. 20" });
    }
  });

/**
 * A section's qualifying rule: the section it waits for and the marks, or no rule. A plain form
 * posted with `intent=rule` (works without JavaScript, decision 053); the API refuses a rule out of
 * reach, naming the mark and the maximum (decision 059).
 */
export function SectionRuleForm({
  setId,
  section,
  sections,
  csrf,
}: {
  setId: number;
  section: SectionRow;
  sections: readonly SectionRow[];
  csrf: string;
}) {
  const fetcher = useFetcher<PaperSetActionData>();
  const dialogs = useMessageDialog();
  const posted = useFormAnswer(fetcher);
  // The page's answer belongs to this form only when it names this section.
  const answer = posted?.section_id === section.id ? posted : undefined;
  const [typed] = useState(answer?.ok === false ? answer.values : undefined);
  const form = useZodForm(schema, {
    defaultValues: {
      counts_if_section: section.counts_if_section ?? "",
      counts_if_marks: section.counts_if_marks == null ? "" : String(section.counts_if_marks),
      ...typed,
    },
  });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      void dialogs.success(result.message);
      return;
    }
    const placed = (result.errors ?? []).filter((e) => (RULE_FIELDS as readonly string[]).includes(e.field));
    for (const error of placed) form.setError(error.field as (typeof RULE_FIELDS)[number], { message: error.message });
    if (placed.length === 0) void dialogs.error(result.message);
  });
  return (
    <Form
      form={form}
      aria-label={`Qualifying rule of Section ${section.label}`}
      errors={answer?.ok ? undefined : answer?.errors}
      onSubmit={(_values, event) => fetcher.submit(event?.target as HTMLFormElement, { method: "post" })}
    >
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="rule" />
      <input type="hidden" name="id" value={String(setId)} />
      <input type="hidden" name="section_id" value={String(section.id)} />
      <Stack gap={3}>
        <Grid minItemWidth={200} gap={3}>
          <FormSelect
            name="counts_if_section"
            label="Counts only when"
            options={gateOptions(sections, section.label)}
            hint="Choose no rule to let the section always count."
          />
          <FormTextField
            name="counts_if_marks"
            label="reaches (marks)"
            inputMode="decimal"
            autoComplete="off"
            hint="At most that section's questions × marks per question."
          />
        </Grid>
        <Stack direction="row" gap={3} align="center" justify="end">
          <PostedAnswer when={(a) => (a as PaperSetActionData).section_id === section.id} />
          <FormSubmit size="sm" variant="secondary" loading={fetcher.state !== "idle"}>
            Save rule
          </FormSubmit>
        </Stack>
      </Stack>
    </Form>
  );
}
