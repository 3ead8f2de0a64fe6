import { useFetcher } from "@remix-run/react";
import { masterInstituteCreateBody, masterInstituteFields } from "@repo/contracts/master-institutes";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { Form, FormPasswordField, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import type { MasterInstituteActionData, MasterInstituteRow } from "./master-institutes.server";

const FIELDS = ["name", "contact_name", "contact_phone", "email", "username", "password"] as const;

/** Create a master institute (with its sign-in) or edit one; the API's field errors land on the fields. */
export default function MasterInstituteDialog({
  row,
  csrf,
  onClose,
}: {
  row: MasterInstituteRow | null;
  csrf: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<MasterInstituteActionData>();
  const dialogs = useMessageDialog();
  const form = useZodForm(
    (row ? masterInstituteFields : masterInstituteCreateBody) as typeof masterInstituteCreateBody,
    {
      defaultValues: {
        name: row?.name ?? "",
        contact_name: row?.contact_name ?? "",
        contact_phone: row?.contact_phone ?? "",
        email: row?.email ?? "",
        ...(row ? {} : { username: "", password: "" }),
      },
    },
  );
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    const placed = (answer.errors ?? []).filter((e) => (FIELDS as readonly string[]).includes(e.field));
    for (const error of placed) form.setError(error.field as (typeof FIELDS)[number], { message: error.message });
    if (placed.length === 0) void dialogs.error(answer.message);
  });
  return (
    <Dialog
      title={row ? `Edit ${row.name}` : "Create master institute"}
      description={row ? undefined : "Its sign-in details are mailed to the institute's e-mail address."}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <Form
        form={form}
        onSubmit={() => {
          const values = form.getValues() as Record<string, string | undefined>;
          const body: Record<string, string> = { csrf, intent: row ? "update" : "create" };
          for (const field of FIELDS) if (values[field] !== undefined) body[field] = String(values[field]);
          if (row) body.id = String(row.id);
          fetcher.submit(body, { method: "post" });
        }}
      >
        <Stack gap={4}>
          <FormTextField name="name" label="Institute name" autoComplete="organization" />
          <FormTextField name="contact_name" label="Contact person" autoComplete="name" />
          <FormTextField name="contact_phone" label="Phone" type="tel" autoComplete="tel" />
          <FormTextField name="email" label="E-mail" type="email" autoComplete="email" />
          {row ? null : (
            <>
              <FormTextField
                name="username"
                label="Username"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                hint="3 to 50 letters, digits or . _ @ -"
              />
              <FormPasswordField
                name="password"
                label="Password"
                autoComplete="new-password"
                hint="Optional: leave it empty and the portal makes one. It goes out in the sign-in mail."
              />
            </>
          )}
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <FormSubmit loading={fetcher.state !== "idle"}>{row ? "Save changes" : "Create institute"}</FormSubmit>
          </Stack>
        </Stack>
      </Form>
    </Dialog>
  );
}
