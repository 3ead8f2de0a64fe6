import { useFetcher } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { useMessageDialog } from "@repo/ui/message-dialog";
import type { ContentActionData } from "./content-texts.server";

/**
 * The save half of a content dialog: posts the parsed body as JSON to the page's action, closes
 * on success, and puts the server's field errors on the dialog's fields (`place` answers whether
 * the field is in the dialog); anything else is shown in an error dialog.
 */
export function useContentSubmit(options: {
  rowId: number | null;
  csrf: string;
  onClose: () => void;
  place: (field: string, message: string) => boolean;
}) {
  const fetcher = useFetcher<ContentActionData>();
  const dialogs = useMessageDialog();
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      options.onClose();
      void dialogs.success(answer.message);
      return;
    }
    const placed = (answer.errors ?? []).filter((error) => options.place(error.field, error.message));
    if (placed.length === 0) void dialogs.error(answer.message);
  });
  const submit = (body: unknown) =>
    fetcher.submit(
      {
        intent: options.rowId === null ? "create" : "update",
        ...(options.rowId === null ? {} : { id: String(options.rowId) }),
        csrf: options.csrf,
        payload: JSON.stringify(body),
      },
      { method: "post" },
    );
  return { submit, busy: fetcher.state !== "idle" };
}
