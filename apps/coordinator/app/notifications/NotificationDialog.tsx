import { useFetcher } from "@remix-run/react";
import { findRole } from "@repo/auth/roles";
import {
  NOTIFICATION_AUDIENCE_ROLES,
  NOTIFICATION_DEFAULT_ROLES,
  NOTIFICATION_TITLE_MAX,
} from "@repo/contracts/content-notices-constants";
import { isoToIndiaWallTime, PORTAL_TIME_HINT } from "@repo/contracts/locale";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { CheckboxGroup } from "@repo/ui/checkbox-group";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { MultiSelect } from "@repo/ui/multi-select";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import type { SelectOption } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { type FormEvent, useState } from "react";
import type { NotificationActionData, NotificationRow } from "./notifications.server";

interface Props {
  row: NotificationRow | null;
  csrf: string;
  regions: { zones: SelectOption[]; states: SelectOption[]; districts: SelectOption[] };
  onClose: () => void;
}

/** Create or edit a notification; the server's field errors land on the fields. */
export default function NotificationDialog({ row, csrf, regions, onClose }: Props) {
  const fetcher = useFetcher<NotificationActionData>();
  const dialogs = useMessageDialog();
  // Controlled, so that the values survive the dialog's portal mounting while someone types.
  const [title, setTitle] = useState(row?.title ?? "");
  const [body, setBody] = useState(row?.body ?? "");
  const [roles, setRoles] = useState<string[]>(row ? row.roles.map(String) : NOTIFICATION_DEFAULT_ROLES.map(String));
  const [zones, setZones] = useState(row?.zones.map((r) => String(r.id)) ?? []);
  const [states, setStates] = useState(row?.states.map((r) => String(r.id)) ?? []);
  const [districts, setDistricts] = useState(row?.districts.map((r) => String(r.id)) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    // "roles.0" and the like belong to their list.
    const placed: Record<string, string> = {};
    for (const error of answer.errors ?? []) placed[error.field.split(".")[0] ?? error.field] ??= error.message;
    setErrors(placed);
    if (Object.keys(placed).length === 0) void dialogs.error(answer.message);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const target = new FormData();
    target.set("csrf", csrf);
    target.set("intent", row ? "update" : "create");
    if (row) target.set("id", String(row.id));
    target.set("title", title);
    target.set("body", body);
    for (const role of roles) target.append("roles", role);
    for (const id of zones) target.append("zone_ids", id);
    for (const id of states) target.append("state_ids", id);
    for (const id of districts) target.append("district_ids", id);
    // Sent as typed: the action reads them as India time, whatever the browser's own zone.
    target.set("publish_from", String(form.get("publish_from") ?? ""));
    target.set("publish_until", String(form.get("publish_until") ?? ""));
    fetcher.submit(target, { method: "post" });
  };

  return (
    <Dialog
      title={row ? `Edit notification: ${row.title}` : "Create notification"}
      open
      size="lg"
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap={4}>
          <TextField
            name="title"
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={NOTIFICATION_TITLE_MAX}
            error={errors.title}
            required
            autoComplete="off"
          />
          <RichTextEditor label="Text" defaultValue={row?.body ?? ""} onChange={setBody} error={errors.body} />
          <CheckboxGroup
            legend="For"
            options={NOTIFICATION_AUDIENCE_ROLES.map((role) => ({
              value: String(role),
              label: findRole(role)?.name ?? `Role ${role}`,
            }))}
            value={roles}
            onChange={setRoles}
            error={errors.roles}
          />
          <Text size="sm" tone="muted">
            Regions: leave all three empty to reach every school; otherwise a school in any chosen zone, state or
            district gets it.
          </Text>
          <MultiSelect
            label="Zones"
            placeholder="Any zone"
            options={regions.zones}
            value={zones}
            onChange={setZones}
            error={errors.zone_ids}
          />
          <MultiSelect
            label="States"
            placeholder="Any state"
            options={regions.states}
            value={states}
            onChange={setStates}
            error={errors.state_ids}
          />
          <MultiSelect
            label="Districts"
            placeholder="Any district"
            options={regions.districts}
            value={districts}
            onChange={setDistricts}
            error={errors.district_ids}
          />
          <Stack direction="row" gap={4} wrap>
            <TextField
              name="publish_from"
              type="datetime-local"
              label="Publish from"
              hint={PORTAL_TIME_HINT}
              defaultValue={isoToIndiaWallTime(row?.publish_from ?? new Date().toISOString())}
              error={errors.publish_from}
              required
            />
            <TextField
              name="publish_until"
              type="datetime-local"
              label="Publish until"
              hint={`${PORTAL_TIME_HINT}; leave empty to keep it up`}
              defaultValue={row?.publish_until ? isoToIndiaWallTime(row.publish_until) : ""}
              error={errors.publish_until}
            />
          </Stack>
          <Stack direction="row" gap={3} justify="end">
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {row ? "Save changes" : "Create notification"}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Dialog>
  );
}
