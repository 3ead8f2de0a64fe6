import { languageName } from "@repo/contracts/languages";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { DocumentPreview } from "@repo/ui/document-preview";
import { formatDateTime } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@repo/ui/tabs";
import { Text } from "@repo/ui/text";
import type { MessageDetail } from "./outbox.server";
import { STATUS_LABELS, STATUS_TONES } from "./status";

const OUTCOMES: Record<MessageDetail["attempt_log"][number]["outcome"], string> = {
  sent: "Delivered to the mail server",
  "temporary-failure": "Temporary failure: tried again later",
  "permanent-failure": "Refused for good",
  "not-delivered": "Not delivered",
};

interface Props {
  message: MessageDetail;
  busy: boolean;
  onRetry: () => void;
  onCancel: () => void;
  onClose: () => void;
}

/** One message: its headers, the mail as its recipient sees it (HTML and text) and every attempt. */
export default function MessageDetailDialog({ message, busy, onRetry, onCancel, onClose }: Props) {
  return (
    <Dialog
      title={message.subject}
      description={`To ${message.to}`}
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="lg"
      footer={
        <Stack direction="row" gap={3} justify="end">
          {message.status === "failed" ? (
            <Button onClick={onRetry} loading={busy}>
              Retry
            </Button>
          ) : null}
          {message.status === "queued" ? (
            <Button variant="danger" onClick={onCancel} loading={busy}>
              Cancel sending
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </Stack>
      }
    >
      <Stack gap={5}>
        <DescriptionList
          aria-label="Message"
          items={[
            {
              label: "Status",
              value: <Badge tone={STATUS_TONES[message.status]}>{STATUS_LABELS[message.status]}</Badge>,
            },
            { label: "To", value: message.to },
            { label: "Cc", value: message.cc.join(", ") },
            { label: "Template", value: message.template_key },
            { label: "Language", value: message.language ? languageName(message.language) : null },
            { label: "Attempts", value: String(message.attempts) },
            { label: "Queued", value: formatDateTime(message.created_at) },
            { label: "Queued by", value: message.queued_by },
            { label: "Sent", value: formatDateTime(message.sent_at) },
            {
              label: "Next attempt",
              value: message.status === "queued" ? formatDateTime(message.next_attempt_at) : null,
            },
            { label: "Last error", value: message.last_error },
          ]}
        />
        <Tabs defaultValue="html">
          <TabsList aria-label="Message body">
            <TabsTrigger value="html">As sent (HTML)</TabsTrigger>
            <TabsTrigger value="text">Plain text</TabsTrigger>
            <TabsTrigger value="attempts">Attempts ({message.attempt_log.length})</TabsTrigger>
          </TabsList>
          <TabsContent value="html">
            <DocumentPreview title="The mail as its recipient sees it" html={message.html} />
          </TabsContent>
          <TabsContent value="text">
            <Text preformatted>{message.text}</Text>
          </TabsContent>
          <TabsContent value="attempts">
            {message.attempt_log.length === 0 ? (
              <Text tone="muted">No attempt yet.</Text>
            ) : (
              <Stack gap={3} role="list" aria-label="Delivery attempts">
                {message.attempt_log.map((attempt) => (
                  <Stack key={attempt.at} gap={1} role="listitem">
                    <Text weight="semibold">
                      {formatDateTime(attempt.at)} · {OUTCOMES[attempt.outcome]}
                      {attempt.code ? ` (${attempt.code})` : ""}
                    </Text>
                    <Text tone="muted" size="sm">
                      {attempt.response}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            )}
          </TabsContent>
        </Tabs>
      </Stack>
    </Dialog>
  );
}
