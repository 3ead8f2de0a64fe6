import { Button } from "@repo/ui/button";
import { DropdownMenu, DropdownMenuItem } from "@repo/ui/dropdown-menu";
import { Icon } from "@repo/ui/icon";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { useState } from "react";
import { postForDownload } from "../downloads/download";
import type { ExportMenuProps } from "./ExportMenu";
import { EXPORT_FAILED_TEXT, EXPORT_FAILED_TITLE, type ExportFormat, exportPath } from "./export-path";

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: "xlsx", label: "Export XLSX" },
  { format: "csv", label: "Export CSV" },
];

/** The Export menu itself (see ExportMenu, which loads it after the page's first view). */
export default function ExportMenuButton({ kind, filters, csrf, action = exportPath(kind) }: ExportMenuProps) {
  const dialogs = useMessageDialog();
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    const form = new FormData();
    form.set("csrf", csrf);
    form.set("format", format);
    form.set("filters", JSON.stringify(filters));
    const outcome = await postForDownload(action, form, EXPORT_FAILED_TEXT);
    setBusy(null);
    if (!outcome.ok) await dialogs.error(outcome.message, EXPORT_FAILED_TITLE);
  };
  return (
    <DropdownMenu
      label="Export the list"
      trigger={
        <Button variant="secondary" size="sm" icon={<Icon name="download" size={16} />} loading={busy !== null}>
          {busy ? `Exporting ${busy.toUpperCase()}…` : "Export"}
        </Button>
      }
    >
      {FORMATS.map(({ format, label }) => (
        <DropdownMenuItem key={format} icon="file" disabled={busy !== null} onSelect={() => void run(format)}>
          {label}
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  );
}
