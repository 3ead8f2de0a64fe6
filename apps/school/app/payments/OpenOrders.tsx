import { Form, Link } from "@remix-run/react";
import { formatMoney } from "@repo/contracts/fees";
import type { OpenOrder } from "@repo/contracts/payments";
import { countOf, type PluralForms } from "@repo/contracts/plural";
import { Button } from "@repo/ui/button";
import { formatDateTime } from "@repo/ui/format";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { checkoutPath } from "./paths";

/**
 * Continue and Cancel for one unfinished payment, and when it lets go of what it holds (decision
 * 054). Cancel is a plain form posted to the checkout's action, so it works before JavaScript.
 */
export function OrderActions({
  order,
  csrf,
  size,
  continues = true,
  labels,
}: {
  order: Pick<OpenOrder, "id" | "reference">;
  csrf: string;
  size?: "sm";
  /** Off on the checkout itself, which is where Continue leads. */
  continues?: boolean;
  /** The buttons' words, in the page's language (the student area's own fee). */
  labels?: { continue: string; cancel: string };
}) {
  const shown = labels ?? { continue: "Continue", cancel: "Cancel" };
  const named = labels ?? { continue: "Continue payment", cancel: "Cancel payment" };
  return (
    <Stack direction="row" gap={2} wrap>
      {continues ? (
        <Button asChild variant="primary" size={size}>
          <Link to={checkoutPath(order.id)} aria-label={`${named.continue} ${order.reference}`}>
            {shown.continue}
          </Link>
        </Button>
      ) : null}
      <Form method="post" action={checkoutPath(order.id)}>
        <input type="hidden" name="csrf" value={csrf} />
        <Button
          type="submit"
          name="intent"
          value="cancel"
          variant="light"
          size={size}
          aria-label={`${named.cancel} ${order.reference}`}
        >
          {shown.cancel}
        </Button>
      </Form>
    </Stack>
  );
}

/** When an unfinished payment releases what it holds, in the portal's time ("6 Dec 2026, 10:30 am"). */
export function ReleaseTime({ releasesAt }: { releasesAt: string }) {
  return <time dateTime={releasesAt}>{formatDateTime(releasesAt)}</time>;
}

/** The payer's unfinished payments of what this page pays for, each with Continue and Cancel. */
export function OpenOrders({ orders, csrf, what }: { orders: OpenOrder[]; csrf: string; what: PluralForms }) {
  if (orders.length === 0) return null;
  return (
    <section aria-label="Payments not finished">
      <Stack gap={3}>
        {orders.map((order) => (
          <Stack key={order.id} gap={2}>
            <Text>
              <strong>{order.reference}</strong>
              {`: a payment of ${formatMoney(order.amount)} for ${countOf(order.items, what)} is not finished. `}
              Continue it, or cancel it to choose again. If you do neither, they are released at{" "}
              <ReleaseTime releasesAt={order.releases_at} />.
            </Text>
            <OrderActions order={order} csrf={csrf} />
          </Stack>
        ))}
      </Stack>
    </section>
  );
}
