import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { checkoutPath } from "../payments/paths";

export interface OwnFeeActionData {
  ok: false;
  message: string;
}

/** payment/pay-my-fee: an individual student's registration, its payment status and its fee. */
export async function ownFeeLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "payments.payOwnFee");
  const [answer, open] = await Promise.all([
    api.GET("/api/pay-my-fee"),
    api.GET("/api/payments/open-orders", { params: { query: { purpose: "students" } } }),
  ]);
  const fee = answer.data?.data ?? null;
  return {
    csrf,
    fee,
    // A payment waiting for the gateway is continued or cancelled (decision 054).
    openOrders: open.data?.data ?? [],
    failure: fee ? null : messageOf(answer.error, "Your registration could not be loaded, please try again"),
  };
}

/** Pay: an order for the student's own fee, then its checkout. */
export async function ownFeeAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "payments.payOwnFee");
  const result = await api.POST("/api/pay-my-fee/create-payment");
  if (!result.data) {
    return data<OwnFeeActionData>(
      { ok: false, message: messageOf(result.error, "The payment could not be started. Please try again.") },
      { status: result.response.status },
    );
  }
  return redirect(checkoutPath(result.data.data.order_id));
}
