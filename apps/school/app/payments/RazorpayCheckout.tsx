import { useSubmit } from "@remix-run/react";
import type { components } from "@repo/api-client/schema";
import { formatMoney } from "@repo/contracts/fees";
import { RAZORPAY_CHECKOUT_SCRIPT } from "@repo/contracts/payments-constants";
import { Button } from "@repo/ui/button";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useState } from "react";

type Order = components["schemas"]["OrderSummary"];
type RazorpayCheckoutValues = Extract<NonNullable<Order["checkout"]>, { provider: "razorpay" }>;

/** What Razorpay's checkout hands back for a captured payment. */
interface RazorpayPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}
interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: "payment.failed", handler: (answer: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let script: Promise<RazorpayConstructor> | undefined;
/** Razorpay's script, loaded once, on the first click (no other page loads anything from Razorpay). */
function loadRazorpay(): Promise<RazorpayConstructor> {
  script ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const tag = document.createElement("script");
    tag.src = RAZORPAY_CHECKOUT_SCRIPT;
    tag.async = true;
    tag.onload = () => {
      const found = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (found) resolve(found);
      else reject(new Error("no Razorpay"));
    };
    tag.onerror = () => reject(new Error("Razorpay's checkout did not load"));
    document.head.append(tag);
  }).catch((error: unknown) => {
    script = undefined;
    throw error;
  });
  return script;
}

/**
 * Razorpay's Standard Checkout for an open order. The payment it hands back (ids and signature) is
 * posted to the page's action, which has the API check the signature and settle the order; the
 * webhook settles it too if the browser never comes back. A failed attempt closes the checkout: the
 * gateway's payment.failed fails the order, and the payer starts again from its list.
 */
export function RazorpayCheckout({
  order,
  checkout,
  csrf,
}: {
  order: Order;
  checkout: RazorpayCheckoutValues;
  csrf: string;
}) {
  const submit = useSubmit();
  const [note, setNote] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const pay = async () => {
    setOpening(true);
    setNote(null);
    try {
      const Razorpay = await loadRazorpay();
      const checkoutWindow = new Razorpay({
        key: checkout.key_id,
        order_id: checkout.provider_order_id,
        amount: order.amount.amount_minor,
        currency: order.amount.currency,
        name: "Exam Portal",
        description: order.reference,
        handler: (payment: RazorpayPayment) =>
          submit({ csrf, intent: "razorpay", ...payment }, { method: "post", replace: true }),
        modal: { ondismiss: () => setNote("The payment window was closed. Nothing was charged; you can pay again.") },
      });
      checkoutWindow.on("payment.failed", (answer) => {
        checkoutWindow.close();
        setNote(answer.error?.description ?? "The payment did not go through.");
        submit({ csrf, intent: "razorpay-failed" }, { method: "post", replace: true });
      });
      checkoutWindow.open();
    } catch {
      setNote("Razorpay's checkout could not be loaded. Check your connection and try again.");
    } finally {
      setOpening(false);
    }
  };
  return (
    <Stack gap={3}>
      {note ? (
        <Text tone="muted" role="status">
          {note}
        </Text>
      ) : null}
      <div>
        <Button type="button" variant="primary" loading={opening} onClick={pay}>
          {`Pay ${formatMoney(order.amount)}`}
        </Button>
      </div>
    </Stack>
  );
}
