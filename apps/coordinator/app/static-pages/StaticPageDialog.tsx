import { useFetcher } from "@remix-run/react";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { Dialog } from "@repo/ui/dialog";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { RichTextEditor } from "@repo/ui/rich-text-editor";
import { RichTextView } from "@repo/ui/rich-text-view";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";
import type { StaticPageActionData, StaticPageRow } from "./static-pages.server";

interface Props {
  page: StaticPageRow;
  csrf: string;
  onClose: () => void;
}

/** Edit one page's text with the rich-text editor; the preview shows it as schools will see it. */
export default function StaticPageDialog({ page, csrf, onClose }: Props) {
  const fetcher = useFetcher<StaticPageActionData>();
  const dialogs = useMessageDialog();
  const [html, setHtml] = useState(page.body);
  const [error, setError] = useState<string | undefined>();

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onClose();
      void dialogs.success(answer.message);
      return;
    }
    setError(answer.errors?.find((e) => e.field === "body")?.message ?? answer.message);
  });

  return (
    <Dialog title={`Edit page: ${page.title}`} open size="lg" onOpenChange={(open) => (open ? undefined : onClose())}>
      <Stack gap={4}>
        <RichTextEditor label="Page text" defaultValue={page.body} onChange={setHtml} error={error} height={260} />
        <Stack gap={2}>
          <Text weight="semibold">Preview</Text>
          {html.trim() ? (
            <RichTextView html={html} />
          ) : (
            <Text tone="muted">Empty: schools will see that nothing has been written yet.</Text>
          )}
        </Stack>
        <Stack direction="row" gap={3} justify="end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            loading={fetcher.state !== "idle"}
            onClick={() =>
              fetcher.submit({ csrf, module_name: page.module_name, key: page.key, body: html }, { method: "post" })
            }
          >
            Save page
          </Button>
        </Stack>
      </Stack>
    </Dialog>
  );
}
