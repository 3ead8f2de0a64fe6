import { Link, useFetcher } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { Dialog } from "@repo/ui/dialog";
import { useHydrated } from "@repo/ui/hydrated";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { StudentForm } from "./StudentForm";
import type { StudentActionData, StudentRow } from "./students.server";

interface Props {
  row: StudentRow;
  csrf: string;
  onClose: () => void;
  /** The list without the form (`?edit` dropped): where the form posts and Cancel leads without JavaScript. */
  listHref: string;
}

/** Edit one student in a dialog; field errors from the API (a duplicate, a paid student's class) stay in it. */
export default function EditStudentDialog({ row, csrf, onClose, listHref }: Props) {
  const fetcher = useFetcher<StudentActionData>();
  const hydrated = useHydrated();
  const dialogs = useMessageDialog();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) {
      if ((answer.errors ?? []).length === 0) void dialogs.error(answer.message);
      return;
    }
    onClose();
    void dialogs.success(answer.message);
  });
  const title = `Edit ${`${row.first_name} ${row.last_name}`.trim()}`;
  const form = (
    <StudentForm
      fetcher={fetcher}
      extra={{ intent: "update", id: String(row.id), csrf }}
      defaultValues={{
        first_name: row.first_name,
        last_name: row.last_name,
        class_level: String(row.class_level),
        language: row.language,
        gender: row.gender ?? "",
        date_of_birth: row.date_of_birth ?? "",
        parent_name: row.parent_name ?? "",
        phone: row.phone ?? "",
        email: row.email ?? "",
      }}
      submitLabel="Save changes"
      action={hydrated ? undefined : listHref}
      actions={
        hydrated ? (
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <Button asChild variant="ghost">
            <Link to={listHref}>Cancel</Link>
          </Button>
        )
      }
    />
  );
  // A dialog needs JavaScript: before it runs the form is in the page.
  if (!hydrated) return <Card title={title}>{form}</Card>;
  return (
    <Dialog title={title} open size="lg" onOpenChange={(open) => (open ? undefined : onClose())}>
      {form}
    </Dialog>
  );
}
