import { useFetcher } from "@remix-run/react";
import { type GeographyLevel, regionNameField, zoneCodeField } from "@repo/contracts/geography";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { useEffect } from "react";
import { z } from "zod";
import { LEVELS } from "./levels";
import type { Option, RegionActionData, RegionRow } from "./regions.server";

interface Props {
  level: GeographyLevel;
  /** The row to edit, or null to create. */
  row: RegionRow | null;
  csrf: string;
  parents: Option[];
  countries: Option[];
  onClose: () => void;
}

/** The API's own field rules (packages/contracts), checked as the user types; pickers hold ids as text. */
const schema = (level: GeographyLevel) =>
  z.object({
    name: regionNameField(level),
    code: level === "zone" ? zoneCodeField : z.string().optional(),
    parent: LEVELS[level].parent
      ? z.string().min(1, `Choose a ${LEVELS[level].parent?.label.toLowerCase()}`)
      : z.string().optional(),
    country: level === "state" ? z.string().min(1, "Choose a country") : z.string().optional(),
  });

/** Create or edit one node of the regions tree; the server's field errors land on the fields. */
export default function RegionDialog({ level, row, csrf, parents, countries, onClose }: Props) {
  const spec = LEVELS[level];
  const fetcher = useFetcher<RegionActionData>();
  const dialogs = useMessageDialog();
  const parentField = spec.parent?.field;
  const form = useZodForm(schema(level), {
    defaultValues: {
      name: row?.name ?? "",
      code: row?.code ?? "",
      parent: parentField && row ? String(row[parentField] ?? "") : "",
      country: row?.country_id ? String(row.country_id) : level === "state" ? "1" : "",
    },
  });

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      onClose();
      void dialogs.success(fetcher.data.message);
      return;
    }
    const fieldNames: Record<string, "name" | "code" | "parent" | "country"> = {
      name: "name",
      code: "code",
      country_id: "country",
    };
    if (parentField) fieldNames[parentField] = "parent";
    let placed = false;
    for (const error of fetcher.data.errors ?? []) {
      const field = fieldNames[error.field];
      if (field) {
        form.setError(field, { message: error.message });
        placed = true;
      }
    }
    if (!placed) void dialogs.error(fetcher.data.message);
  }, [fetcher.state, fetcher.data, dialogs, form, onClose, parentField]);

  return (
    <Dialog
      title={row ? `Edit ${level}: ${row.name}` : `Create ${level}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          const body: Record<string, string> = { intent: row ? "update" : "create", csrf, name: values.name };
          if (row) body.id = String(row.id);
          if (level === "zone") {
            body.code = values.code ?? "";
            body.country_id = values.country ?? "";
          }
          if (level === "state") body.country_id = values.country ?? "";
          if (parentField) body[parentField] = values.parent ?? "";
          fetcher.submit(body, { method: "post" });
        }}
        style={{ display: "grid", gap: 16 }}
      >
        <FormTextField name="name" label={`${spec.label} name`} autoComplete="off" />
        {level === "zone" ? <FormTextField name="code" label="Code" hint="Capital letters, e.g. W or GCC" /> : null}
        {spec.parent ? (
          <FormSelect
            name="parent"
            label={spec.parent.label}
            placeholder={`Select a ${spec.parent.label.toLowerCase()}`}
            options={parents}
          />
        ) : null}
        {level === "state" || level === "zone" ? (
          <FormSelect
            name="country"
            label="Country"
            placeholder={level === "zone" ? "Several countries" : "Select a country"}
            options={countries}
          />
        ) : null}
        <div style={{ display: "flex", gap: 12, justifyContent: "flex-end" }}>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <FormSubmit loading={fetcher.state !== "idle"}>{row ? "Save changes" : `Create ${level}`}</FormSubmit>
        </div>
      </Form>
    </Dialog>
  );
}
