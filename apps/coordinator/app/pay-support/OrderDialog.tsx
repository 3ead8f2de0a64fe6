import { useFetcher, useRevalidator } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import {
  CAPTURE_OUTCOME_NAMES,
  CAPTURE_OUTCOMES_DUE_BACK,
  ORDER_STATUS_NAMES,
} from "@repo/contracts/payments-constants";
import { classLabel } from "@repo/contracts/students-constants";
import { useFetcherResult } from "@repo/remix-app/forms/fetcher-result";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { formatDateTime } from "@repo/ui/format";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { TextField } from "@repo/ui/text-field";
import { useEffect } from "react";
import { orderDetailPath } from "./paths";
import type { DeskActionData, SupportOrderDetail, SupportOrderRow } from "./pay-support.server";

interface Props {
  row: SupportOrderRow;
  csrf: string;
  /** Pay support: reconcile, expire, mark paid by hand, give back a payment due back. */
  canManage: boolean;
  /** Admins: refund a paid order. */
  canRefund: boolean;
  onClose: () => void;
}

/**
 * One order: its students, the gateway's payments and events; for pay support, reconcile, expire,
 * mark paid by hand or give back a payment due back; for admins, refund a paid order.
 */
export default function OrderDialog({ row, csrf, canManage, canRefund, onClose }: Props) {
  const loader = useFetcher<SupportOrderDetail>();
  const actor = useFetcher<DeskActionData>();
  const dialogs = useMessageDialog();
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per opened order.
  useEffect(() => {
    loader.load(orderDetailPath(row.id));
  }, [row.id]);
  useFetcherResult(actor, (answer) => {
    if (answer.ok) {
      void dialogs.success(answer.message);
      revalidator.revalidate();
      loader.load(orderDetailPath(row.id));
    } else if (!answer.errors?.length) void dialogs.error(answer.message);
  });
  const order = actor.data?.order ?? loader.data;
  const open = order ? order.status === "pending" || order.status === "created" : false;
  const fieldError = (name: string) => actor.data?.errors?.find((e) => e.field === name)?.message;
  const busy = actor.state !== "idle";

  return (
    <Dialog
      title={`Order ${row.reference}`}
      description={row.payer_name}
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
    >
      {!order ? (
        <Text tone="muted">Loading the order…</Text>
      ) : (
        <Stack gap={4}>
          <DescriptionList
            aria-label="Order"
            items={[
              { label: "Status", value: ORDER_STATUS_NAMES[order.status] },
              { label: "Amount", value: formatMoney(order.amount) },
              { label: "Payer", value: `${order.payer_name} (${order.payer_username})` },
              { label: "Created", value: formatDateTime(order.created_at) },
              { label: "Paid", value: order.paid_at ? formatDateTime(order.paid_at) : null },
              { label: "Invoice", value: order.invoice_number },
              { label: "Paid by hand", value: order.manual_reference },
              { label: "Note", value: order.status_reason },
            ]}
          />
          <section aria-label="Students">
            <Text weight="semibold">Students</Text>
            <ul>
              {order.items.map((item) => (
                <li key={`${item.student_id ?? item.description}`}>
                  {item.description}
                  {item.class_level ? ` · ${classLabel(item.class_level)}` : ""}
                  {item.roll_number ? ` · Roll ${item.roll_number}` : ""}
                  {item.payment_status ? ` · ${item.payment_status}` : ""}
                </li>
              ))}
            </ul>
          </section>
          <section aria-label="Gateway payments">
            <Text weight="semibold">Gateway payments</Text>
            {order.captures.length === 0 ? (
              <Text tone="muted">None yet.</Text>
            ) : (
              <ul>
                {order.captures.map((c) => (
                  <li key={c.provider_payment_id}>
                    {c.provider_payment_id} · {formatMoney(c.amount)} · {CAPTURE_OUTCOME_NAMES[c.outcome]} ·{" "}
                    {formatDateTime(c.created_at)}
                    {c.refund_reference ? ` · refund ${c.refund_reference}` : ""}
                    {canManage && CAPTURE_OUTCOMES_DUE_BACK.includes(c.outcome) ? (
                      <actor.Form method="post" aria-label={`Give back ${c.provider_payment_id}`}>
                        <input type="hidden" name="csrf" value={csrf} />
                        <input type="hidden" name="order_id" value={row.id} />
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="provider_payment_id" value={c.provider_payment_id} />
                        <Stack direction="row" gap={2} align="end" wrap>
                          <TextField
                            label={`Why ${formatMoney(c.amount)} goes back`}
                            name="reason"
                            error={fieldError("reason")}
                          />
                          <Button type="submit" variant="light" loading={busy}>
                            Give back
                          </Button>
                        </Stack>
                      </actor.Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Gateway events">
            <Text weight="semibold">Gateway events</Text>
            {order.events.length === 0 ? (
              <Text tone="muted">None yet.</Text>
            ) : (
              <ul>
                {order.events.map((e) => (
                  <li key={`${e.received_at}-${e.type}-${e.provider_payment_id ?? ""}`}>
                    {formatDateTime(e.received_at)} · {e.source} · {e.type} · {e.outcome}
                  </li>
                ))}
              </ul>
            )}
          </section>
          {canManage && open ? (
            <Stack gap={4}>
              <Stack direction="row" gap={2} wrap>
                <actor.Form method="post">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="order_id" value={row.id} />
                  <Button type="submit" name="intent" value="reconcile" variant="light" loading={busy}>
                    Reconcile now
                  </Button>
                </actor.Form>
                <actor.Form method="post">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="order_id" value={row.id} />
                  <Button type="submit" name="intent" value="expire" variant="ghost" disabled={busy}>
                    Expire order
                  </Button>
                </actor.Form>
              </Stack>
              <actor.Form method="post" aria-label="Mark paid by hand">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="order_id" value={row.id} />
                <input type="hidden" name="intent" value="mark-paid" />
                <Stack gap={3}>
                  <Text weight="semibold">Mark paid by hand</Text>
                  <TextField
                    label="Reference"
                    name="reference"
                    hint="Cheque number or bank transfer id"
                    error={fieldError("reference")}
                  />
                  <TextField label="Reason" name="reason" error={fieldError("reason")} />
                  <div>
                    <Button type="submit" variant="primary" loading={busy}>
                      Mark paid
                    </Button>
                  </div>
                </Stack>
              </actor.Form>
            </Stack>
          ) : null}
          {canRefund && order.status === "paid" ? (
            <actor.Form method="post" aria-label="Refund the order">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="order_id" value={row.id} />
              <input type="hidden" name="intent" value="refund-order" />
              <Stack gap={3}>
                <Text weight="semibold">Refund the order</Text>
                <Text tone="muted">
                  {order.manual_reference
                    ? "It was paid by hand: give the reference of how the money went back."
                    : `${formatMoney(order.amount)} goes back through the payment gateway.`}{" "}
                  Its students become unpaid and can be paid for again; referral commissions are reversed.
                </Text>
                <TextField label="Reason" name="reason" error={fieldError("reason")} />
                {order.manual_reference ? (
                  <TextField
                    label="Refund reference"
                    name="reference"
                    hint="Cheque number or bank transfer id"
                    error={fieldError("reference")}
                  />
                ) : null}
                <div>
                  <Button type="submit" variant="danger" loading={busy}>
                    Refund {formatMoney(order.amount)}
                  </Button>
                </div>
              </Stack>
            </actor.Form>
          ) : null}
        </Stack>
      )}
    </Dialog>
  );
}
