import { useFetcher } from "@remix-run/react";
import { mobileField, usernameField } from "@repo/contracts/auth";
import { emailAddress } from "@repo/contracts/mail";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormMultiSelect, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import type { SelectOption } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { z } from "zod";
import type { CoordinatorActionData, CoordinatorRow } from "./coordinators.server";

interface Props {
  singular: string;
  /** The region level of the page's coordinators; null for the Organization Team. */
  level: "zone" | "state" | "prant" | "district" | null;
  /** The coordinator to edit, or null to create one. */
  row: CoordinatorRow | null;
  regions: SelectOption[];
  csrf: string;
  onClose: () => void;
}

/** The API's own field rules, checked as the user types; the API checks them again. */
function formSchema(creating: boolean, level: Props["level"]) {
  return z.object({
    name: z.string().trim().min(2, "Enter the coordinator's name (at least 2 characters)").max(100),
    email: emailAddress,
    mobile: mobileField.or(z.literal("")),
    username: creating ? usernameField : z.string().optional(),
    region_ids: level ? z.array(z.string()).min(1, `Choose at least one ${level}`) : z.array(z.string()),
  });
}

/** Create or edit a coordinator of the page's level; the server's field errors land on the fields. */
export default function CoordinatorDialog({ singular, level, row, regions, csrf, onClose }: Props) {
  const fetcher = useFetcher<CoordinatorActionData>();
  const dialogs = useMessageDialog();
  const schema = formSchema(row === null, level);
  const form = useZodForm(schema, {
    defaultValues: {
      name: row?.name ?? "",
      email: row?.email ?? "",
      mobile: row?.mobile ?? "",
      username: row?.username ?? "",
      region_ids: row?.assignments.map((a) => String(a.id)) ?? [],
    },
  });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const fields = Object.keys(schema.shape);
    const placed = (answer.errors ?? []).filter((error) => fields.includes(error.field));
    for (const error of placed) form.setError(error.field as keyof z.infer<typeof schema>, { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });

  return (
    <Dialog
      title={row ? `Edit ${singular.toLowerCase()}: ${row.name}` : `Create ${singular.toLowerCase()}`}
      description={row ? undefined : "The portal makes a password and mails it with the sign-in address."}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={(values) => {
          const body = new FormData();
          body.set("csrf", csrf);
          body.set("intent", row ? "update" : "create");
          if (row) body.set("id", String(row.id));
          body.set("name", values.name);
          body.set("email", values.email);
          body.set("mobile", values.mobile);
          if (!row && values.username) body.set("username", values.username);
          for (const id of values.region_ids) body.append("region_ids", id);
          fetcher.submit(body, { method: "post" });
        }}
      >
        <Stack gap={4}>
          <FormTextField name="name" label="Name" autoComplete="off" />
          {row ? null : <FormTextField name="username" label="Username" autoComplete="off" />}
          <FormTextField name="email" label="E-mail" type="email" autoComplete="off" />
          <FormTextField name="mobile" label="Mobile" hint="Optional: 10 to 15 digits" autoComplete="off" />
          {level ? (
            <FormMultiSelect
              name="region_ids"
              label={level === "zone" ? "Zones" : `${level[0]?.toUpperCase()}${level.slice(1)}s`}
              placeholder={`Choose the ${level}s`}
              options={regions}
            />
          ) : null}
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>{row ? "Save changes" : "Create"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
