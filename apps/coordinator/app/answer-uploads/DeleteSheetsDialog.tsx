import { COUNTED, countOf } from "@repo/contracts/plural";
import { classLabel } from "@repo/contracts/students-constants";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import type { AnswerUploadItem, DeleteSheetStats } from "./answer-uploads.server";
import { count, levelName } from "./upload-words";

interface Props {
  upload: AnswerUploadItem;
  /** admin-delete-answersheet-stats: the sheets the upload still holds, per class. */
  deletion: DeleteSheetStats;
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
}

/** What deleting an upload's sheets takes away, per class, before the admin says yes. */
export function DeleteSheetsDialog({ upload, deletion, busy, onDelete, onClose }: Props) {
  const sheets = count(deletion.sheets, "sheet", "sheets");
  return (
    <Dialog
      open
      title={`Delete the sheets of ${deletion.file_name}`}
      description={`${sheets} of ${levelName(upload.exam_level)} stored from this file will be deleted.`}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      footer={
        <Stack direction="row" gap={3} justify="end">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" icon={<Icon name="trash" size={16} />} loading={busy} onClick={onDelete}>
            Delete {sheets}
          </Button>
        </Stack>
      }
    >
      <Stack gap={4}>
        <DescriptionList
          aria-label="Sheets to delete per class"
          items={deletion.by_class.map((c) => ({
            label: `Class ${classLabel(c.class_level)}`,
            value: count(c.sheets, "sheet", "sheets"),
          }))}
        />
        <Text>
          The students lose their {levelName(upload.exam_level)} result and the level is ranked again. Sheets of this
          file that a later upload replaced are not touched. The upload stays in the list as deleted.
        </Text>
        {deletion.certificates > 0 ? (
          <Text role="note">
            Deleting withdraws {countOf(deletion.certificates, COUNTED.certificate)}
            {deletion.certificates_printed > 0 ? ` (${deletion.certificates_printed} already downloaded)` : ""}: their
            QR codes will say “withdrawn” until the same results are stored again, which gives them their codes back.
          </Text>
        ) : null}
      </Stack>
    </Dialog>
  );
}
