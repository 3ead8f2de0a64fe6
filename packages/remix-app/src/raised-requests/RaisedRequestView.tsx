import type { components } from "@repo/api-client/schema";
import {
  RAISED_REQUEST_STATUS_NAMES,
  RAISED_REQUEST_STATUSES,
  type RaisedRequestStatus,
} from "@repo/contracts/payments-constants";
import { Badge, type BadgeTone } from "@repo/ui/badge";
import { DescriptionList } from "@repo/ui/description-list";
import { formatDateTime } from "@repo/ui/format";
import { Select } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

export type RaisedRequestDetail = components["schemas"]["RaisedRequestDetail"];

export const RAISED_REQUEST_TONES: Record<RaisedRequestStatus, BadgeTone> = {
  open: "info",
  in_progress: "warning",
  resolved: "success",
  rejected: "danger",
};

export function RaisedRequestBadge({ status }: { status: RaisedRequestStatus }) {
  return <Badge tone={RAISED_REQUEST_TONES[status]}>{RAISED_REQUEST_STATUS_NAMES[status]}</Badge>;
}

/** The Status filter of a raised-requests list (empty: every status). */
export function RaisedRequestStatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Select
      label="Status"
      placeholder="Every status"
      options={RAISED_REQUEST_STATUSES.map((s) => ({ value: s, label: RAISED_REQUEST_STATUS_NAMES[s] }))}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface Props {
  request: RaisedRequestDetail;
  /** Where the attachment downloads from in this app, or null when there is none. */
  attachmentHref: string | null;
}

/**
 * A raised request as both sides read it (the payer's Payment Requests, pay support's Raised
 * Requests): what was asked, about which order, the attachment, and every change with its comment.
 */
export function RaisedRequestView({ request, attachmentHref }: Props) {
  return (
    <Stack gap={4}>
      <DescriptionList
        aria-label="Request"
        items={[
          { label: "Status", value: <RaisedRequestBadge status={request.status} /> },
          { label: "Raised by", value: `${request.requester_name} (${request.requester_username})` },
          { label: "Raised on", value: formatDateTime(request.created_at) },
          {
            label: "Order",
            value: request.order_reference
              ? `${request.order_reference}${request.order_status ? ` (${request.order_status})` : ""}`
              : null,
          },
          {
            label: "Attachment",
            value:
              attachmentHref && request.has_attachment ? (
                <a href={attachmentHref} download>
                  {request.attachment_name ?? "Download"}
                </a>
              ) : null,
          },
        ]}
      />
      <section aria-label="Message">
        <Text weight="semibold">Message</Text>
        <Text keepLines>{request.message}</Text>
      </section>
      <section aria-label="History">
        <Text weight="semibold">History</Text>
        {request.changes.length === 0 ? (
          <Text tone="muted">No answer yet. Pay support answers requests in the order they came.</Text>
        ) : (
          <Stack element="ol" bullets gap={3}>
            {request.changes.map((change) => (
              <li key={`${change.created_at}-${change.to_status}`}>
                <Stack gap={1}>
                  <span>
                    <RaisedRequestBadge status={change.to_status} /> {formatDateTime(change.created_at)} ·{" "}
                    {change.changed_by}
                  </span>
                  <Text keepLines>{change.comment}</Text>
                </Stack>
              </li>
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}
