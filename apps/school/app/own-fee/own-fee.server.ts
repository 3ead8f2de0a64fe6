import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { checkoutPath } from "../payments/paths";
import { studentLocaleOf } from "../student-area/student-area.server";

/** A refusal: the form pipeline's answer (a paid order goes on to its checkout). */
export type OwnFeeActionData = FormAnswer & { ok: false };

/**
 * payment/pay-my-fee: an individual student's registration, its payment status and its fee, in
 * the student's language like the rest of its area (issue 35 item 7).
 */
export async function ownFeeLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "payments.payOwnFee");
  const [answer, open] = await Promise.all([
    api.GET("/api/pay-my-fee"),
    api.GET("/api/payments/open-orders", { params: { query: { purpose: "students" } } }),
  ]);
  const fee = answer.data?.data ?? null;
  const { locale, words, headers } = await studentLocaleOf(request, fee?.language);
  return data(
    {
      csrf,
      locale,
      words,
      fee,
      // A payment waiting for the gateway is continued or cancelled (decision 054).
      openOrders: open.data?.data ?? [],
      failure: fee ? null : words.fee.failed,
    },
    { headers },
  );
}

/** Pay: an order for the student's own fee, then its checkout; a refusal in the page's language. */
export async function ownFeeAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "payments.payOwnFee");
  const result = await api.POST("/api/pay-my-fee/create-payment");
  if (!result.data) {
    // The form names the page's language; the remembered choice and then the exam language follow.
    const lang = form.get("lang");
    const { words } = await studentLocaleOf(request, typeof lang === "string" ? lang : null);
    return formAnswers<OwnFeeActionData>().fail(words.fee.payFailed, result.response.status);
  }
  return redirect(checkoutPath(result.data.data.order_id));
}
