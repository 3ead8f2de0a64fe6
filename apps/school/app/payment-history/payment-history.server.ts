import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { idOfText } from "@repo/contracts/numbers-constants";
import { ORDER_STATUSES } from "@repo/contracts/payments-constants";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf, refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { parseTableQuery } from "@repo/ui/data-table";
import { isIsoDate } from "@repo/ui/date-range";

/** An order as the API's generated client types it. */
export type PaymentHistoryRow = components["schemas"]["PaymentHistoryPage"]["items"][number];
type HistoryQuery = NonNullable<operations["getPaymentHistory"]["parameters"]["query"]>;

/** The history query from the page's URL (`from`, `to`, `status`), known values only. */
export function historyQueryFrom(params: URLSearchParams): HistoryQuery {
  const { page, perPage } = parseTableQuery(params);
  const query: HistoryQuery = { page, per_page: perPage };
  const from = params.get("from");
  const to = params.get("to");
  if (from && isIsoDate(from)) query["created_at[from]"] = from;
  if (to && isIsoDate(to)) query["created_at[to]"] = to;
  const status = ORDER_STATUSES.find((s) => s === params.get("status"));
  if (status) query.status = status;
  return query;
}

/** Payment History: the payer's orders with their invoices. */
export async function paymentHistoryLoader({ request, context }: LoaderFunctionArgs) {
  const { api, subject, csrf } = await auth.requirePage(request, context, "payments.history");
  const query = historyQueryFrom(new URL(request.url).searchParams);
  const list = await api.GET("/api/payment-history", { params: { query } });
  return {
    csrf,
    // The empty list leads to paying, for those who may (the page tree stays out of the browser bundle).
    payHref: can(subject, "payments.payForStudents") ? pagePath("school", "payment-student") : null,
    // Each order leads to raising a request about it with pay support.
    raiseHref: can(subject, "raisedRequests.raise") ? pagePath("school", "raised-requests") : null,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : messageOf(list.error, "Payment history could not be loaded, please try again"),
  };
}

/** A paid order's invoice PDF, saved as a file (a resource route: no page). */
export async function invoiceLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "payments.invoice");
  const orderId = idOfText(params.order);
  if (orderId === null) return refusedDownload("There is no such order.", 404);
  const { response, error } = await api.GET("/api/generate-school-payment-invoice", {
    params: { query: { order_id: orderId } },
    parseAs: "stream",
  });
  if (response.status === 409) return refusedDownload(messageOf(error, "This order is not paid yet."), 409);
  if (!response.ok || !response.body) return refusedDownload("There is no invoice for this order.", 404);
  return streamDownload(response);
}
