import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import type { FieldError } from "@repo/contracts/envelope";
import { idOfText } from "@repo/contracts/numbers-constants";
import {
  PAY_SUPPORT_PAYERS,
  PAY_SUPPORT_VIEWS,
  type PaySupportPayer,
  type PaySupportView,
} from "@repo/contracts/pay-support-constants";
import { auth } from "@repo/remix-app/auth.server";
import { formAnswers } from "@repo/remix-app/forms/server";
import { missingOrUnavailable } from "@repo/remix-app/missing.server";
import { parseTableQuery } from "@repo/ui/data-table";

export type SupportOrderRow = components["schemas"]["SupportOrderPage"]["items"][number];
export type SupportOrderDetail = components["schemas"]["SupportOrderDetail"];
export type SupportRegistration = components["schemas"]["SupportRegistration"];

export interface DeskActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  order?: SupportOrderDetail;
}

/** The desk's orders: the page's own view and payers unless the URL picks others, searched. */
export async function supportOrdersLoader(
  { request, context }: LoaderFunctionArgs,
  defaultView: PaySupportView,
  defaultPayer: PaySupportPayer = "any",
) {
  // The page's own permission (Student Payments: admins too, to find an order to refund).
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const view = PAY_SUPPORT_VIEWS.find((v) => v === params.get("view")) ?? defaultView;
  const payer = PAY_SUPPORT_PAYERS.find((p) => p === params.get("payer")) ?? defaultPayer;
  const school = idOfText(params.get("school_id"));
  const filters = { view, payer, ...(search ? { search } : {}), ...(school ? { school_id: school } : {}) };
  const list = await api.GET("/api/paysupport/orders", { params: { query: { page, per_page: perPage, ...filters } } });
  // A reference a school quoted for a student registered with another school (decision 055).
  const registration = /^\s*reg/i.test(search)
    ? await api.GET("/api/paysupport/registrations/{reference}", { params: { path: { reference: search } } })
    : null;
  return {
    csrf,
    /** Reconcile, expire, mark paid, give back: pay support's. Refunding a paid order: admins'. */
    canManage: can(subject, "paySupport.manage"),
    canRefund: can(subject, "payments.refundOrder"),
    view,
    defaultView,
    payer,
    defaultPayer,
    filters,
    /** The school the list is narrowed to (from School Payments). */
    school,
    registration: registration?.data?.data ?? null,
    /** Why a searched registration reference was not found. */
    registrationProblem: registration && !registration.data ? (registration.error?.message ?? "No registration") : null,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Orders could not be loaded, please try again"),
  };
}

/** One order for the dialog (a resource route: JSON). */
export async function orderDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await auth.requirePage(request, context, "paySupport.orders");
  const id = idOfText(params.id);
  if (id === null) throw new Response("No such order", { status: 404 });
  const answer = await api.GET("/api/paysupport/orders/{id}", { params: { path: { id } } });
  if (!answer.data) throw missingOrUnavailable(answer, "No such order");
  return answer.data.data;
}

/** Reconcile now, expire, mark paid by hand, give back a payment due back; or (admins) refund a paid order. */
export async function supportOrdersAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { api } = await auth.requireAction(
    request,
    context,
    form,
    intent === "refund-order" ? "payments.refundOrder" : "paySupport.manage",
  );
  const { fail, failFromApi, done } = formAnswers<DeskActionData>();
  const id = Number(form.get("order_id"));
  if (!Number.isSafeInteger(id) || id < 1) return fail("Choose an order.", 400);
  const path = { params: { path: { id } } };
  const result =
    intent === "reconcile"
      ? await api.POST("/api/paysupport/orders/{id}/reconcile", path)
      : intent === "expire"
        ? await api.POST("/api/paysupport/orders/{id}/expire", path)
        : intent === "mark-paid"
          ? await api.POST("/api/paysupport/orders/{id}/mark-paid", {
              ...path,
              body: { reference: String(form.get("reference") ?? ""), reason: String(form.get("reason") ?? "") },
            })
          : intent === "refund"
            ? await api.POST("/api/paysupport/orders/{id}/refund", {
                ...path,
                body: {
                  provider_payment_id: String(form.get("provider_payment_id") ?? ""),
                  reason: String(form.get("reason") ?? ""),
                },
              })
            : intent === "refund-order"
              ? await api.POST("/api/admin/payment-orders/{id}/refund", {
                  ...path,
                  body: {
                    reason: String(form.get("reason") ?? ""),
                    ...(form.get("reference") ? { reference: String(form.get("reference")) } : {}),
                  },
                })
              : null;
  if (!result) return fail("Unknown action.", 400);
  if (!result.data) return failFromApi(result, "The order could not be changed");
  return done(result.data.message, { order: result.data.data });
}
