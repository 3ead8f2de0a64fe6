import { useFetcher } from "@remix-run/react";
import { regionNameField, zoneCodeField } from "@repo/contracts/geography";
import { type GeographyLevel, REGION_LEVELS } from "@repo/contracts/geography-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import type { SelectOption } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { RegionActionData, RegionRow } from "./regions.server";

interface Props {
  level: GeographyLevel;
  /** The row to edit, or null to create. */
  row: RegionRow | null;
  csrf: string;
  parents: SelectOption[];
  countries: SelectOption[];
  onClose: () => void;
}

/**
 * The dialog's fields carry the API body's own names (name, code, country_id, zone_id …), so the
 * values post as they are and the API's field errors land on them without a mapping. Names and
 * codes are checked with the API's own rules as the user types; pickers hold ids as text.
 */
function formSchema(level: GeographyLevel) {
  const { parent } = REGION_LEVELS[level];
  const shape: Record<string, z.ZodType<string | undefined>> = { name: regionNameField(level) };
  if (level === "zone") {
    shape.code = zoneCodeField;
    shape.country_id = z.string().optional();
  }
  if (level === "state") shape.country_id = z.string().min(1, "Choose a country");
  if (parent) shape[parent.field] = z.string().min(1, `Choose a ${parent.level}`);
  return z.object(shape);
}

/** The row's current values in the form's terms (ids as text). */
function defaults(level: GeographyLevel, row: RegionRow | null): Record<string, string> {
  const { parent } = REGION_LEVELS[level];
  const values: Record<string, string> = { name: row?.name ?? "" };
  if (level === "zone") values.code = row?.code ?? "";
  // A new state is most often Indian: country 1 is India in every seeded database.
  if (level === "zone" || level === "state")
    values.country_id = row?.country_id ? String(row.country_id) : level === "state" ? "1" : "";
  if (parent) values[parent.field] = row?.[parent.field] ? String(row[parent.field]) : "";
  return values;
}

/** Create or edit one node of the regions tree; the server's field errors land on the fields. */
export default function RegionDialog({ level, row, csrf, parents, countries, onClose }: Props) {
  const { label, parent } = REGION_LEVELS[level];
  const fetcher = useFetcher<RegionActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(formSchema(level), { defaultValues: defaults(level, row) });

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const fields = Object.keys(formSchema(level).shape);
    const placed = (answer.errors ?? []).filter((error) => fields.includes(error.field));
    for (const error of placed) form.setError(error.field, { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={row ? `Edit ${level}: ${row.name}` : `Create ${level}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          const filled = Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
          const target: Record<string, string> = {
            ...Object.fromEntries(filled),
            intent: row ? "update" : "create",
            csrf,
          };
          if (row) target.id = String(row.id);
          fetcher.submit(target, { method: "post" });
        }}
      >
        <Stack gap={4}>
          <FormTextField name="name" label={`${label} name`} autoComplete="off" />
          {level === "zone" ? <FormTextField name="code" label="Code" hint="Capital letters, e.g. W or GCC" /> : null}
          {parent ? (
            <FormSelect
              name={parent.field}
              label={REGION_LEVELS[parent.level].label}
              placeholder={`Select a ${parent.level}`}
              options={parents}
            />
          ) : null}
          {level === "state" || level === "zone" ? (
            <FormSelect
              name="country_id"
              label="Country"
              placeholder={level === "zone" ? "Several countries" : "Select a country"}
              options={countries}
            />
          ) : null}
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>{row ? "Save changes" : `Create ${level}`}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
