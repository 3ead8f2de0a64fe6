import { useFetcher } from "@remix-run/react";
import { type RaisedRequestDetail, RaisedRequestView } from "@repo/remix-app/raised-requests/view";
import { Dialog } from "@repo/ui/dialog";
import { Text } from "@repo/ui/text";
import { useEffect } from "react";
import { requestAttachmentPath, requestDetailPath } from "./paths";

/** One of the payer's requests with pay support's answers. */
export default function RequestDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const loader = useFetcher<RaisedRequestDetail>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opened request.
  useEffect(() => {
    loader.load(requestDetailPath(id));
  }, [id]);
  const request = loader.data;
  return (
    <Dialog
      title={request ? request.subject : "Payment request"}
      description={`Request ${id}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {request ? (
        <RaisedRequestView request={request} attachmentHref={requestAttachmentPath(id)} />
      ) : (
        <Text tone="muted">Loading the request…</Text>
      )}
    </Dialog>
  );
}
