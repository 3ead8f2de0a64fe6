import { type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can, type Subject } from "@repo/auth/permissions";
import { ROLE } from "@repo/auth/roles";
import { CLASS_LEVELS } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { missingOrUnavailable } from "@repo/remix-app/missing.server";
import { parseTableQuery } from "@repo/ui/data-table";
import { checkoutPath, resultPath } from "./paths";

export type UnpaidStudentRow = components["schemas"]["StudentRow"];
export type OrderSummary = components["schemas"]["OrderSummary"];

export { checkoutPath, resultPath };

/** A refusal: the form pipeline's answer (a started or settled payment goes on by redirect). */
export type PayActionData = FormAnswer & { ok: false };

const classOf = (params: URLSearchParams) => CLASS_LEVELS.find((level) => String(level) === params.get("class_level"));

/** Payment for Students: the unpaid students (filtered by class, searched) and what they cost. */
export async function paymentStudentsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "payments.payForStudents");
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const classLevel = classOf(params);
  const [list, all, inClass, open] = await Promise.all([
    api.GET("/api/schools/student-list", {
      params: {
        query: {
          page,
          per_page: perPage,
          payment_status: "unpaid",
          ...(search ? { search } : {}),
          ...(classLevel ? { class_level: classLevel } : {}),
        },
      },
    }),
    api.POST("/api/get-payment-amount", { body: {} }),
    classLevel ? api.POST("/api/get-payment-amount", { body: { class_level: classLevel } }) : null,
    api.GET("/api/payments/open-orders", { params: { query: { purpose: "students" } } }),
  ]);
  return {
    csrf,
    classLevel: classLevel ?? null,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    all: all.data?.data ?? null,
    inClass: inClass?.data?.data ?? null,
    openOrders: open.data?.data ?? [],
    failure:
      list.data && all.data
        ? null
        : (list.error?.message ?? all.error?.message ?? "Unpaid students could not be loaded"),
  };
}

/** Starts a payment (all, one class, or the ticked students) and opens its checkout. */
export async function paymentStudentsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api, subject } = await auth.requireAction(request, context, form, "payments.payForStudents");
  // One comma-separated value (the script's bulk action), or one per ticked checkbox (no script).
  const ids = form
    .getAll("student_ids")
    .flatMap((value) => String(value).split(","))
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  // The ticked students' form, posted with none ticked, must not pay for everyone.
  const { fail, failFromApi } = formAnswers<PayActionData>();
  if (form.has("selection") && ids.length === 0) {
    return fail("Tick the students to pay for, then press the button again.", 400);
  }
  const classLevel = CLASS_LEVELS.find((level) => String(level) === form.get("class_level"));
  const body = ids.length > 0 ? { student_ids: ids } : classLevel ? { class_level: classLevel } : {};
  const path =
    subject.roleId === ROLE.masterInstitute
      ? "/api/master-institute/pay-student/create-payment"
      : "/api/pay-student/create-payment";
  const result = await api.POST(path, { body });
  if (!result.data) return failFromApi(result, "The payment could not be started. Please try again.");
  return redirect(checkoutPath(result.data.data.order_id));
}

const orderIdOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** One of the payer's orders, for the checkout and result pages (404 when it is not theirs, 503 when the API cannot say). */
export async function orderLoader({ request, context, params }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context, "payments.checkout");
  const id = orderIdOf(params.order);
  if (!id) throw new Response("No such order", { status: 404 });
  const answer = await api.GET("/api/payments/orders/{id}", { params: { path: { id } } });
  if (!answer.data) throw missingOrUnavailable(answer, "No such order");
  const order = answer.data.data;
  return { csrf, order, next: nextSteps(subject, order.purpose) };
}

/**
 * Where a payer goes after an order (the page tree stays on the server): back to what it was
 * buying to pay again or open what it bought, and to its payment history.
 */
export function nextSteps(subject: Subject, purpose: OrderSummary["purpose"]) {
  const again =
    purpose === "study_materials"
      ? pagePath("school", "buy-study-material")
      : can(subject, "payments.payOwnFee")
        ? pagePath("school", "pay-my-fee")
        : pagePath("school", "payment-student");
  return {
    /** study_materials | own (an individual student's fee) | students */
    kind: purpose === "study_materials" ? "materials" : can(subject, "payments.payOwnFee") ? "own" : "students",
    again,
    history: can(subject, "payments.history") ? pagePath("school", "payment-history") : null,
  } as const;
}

/**
 * The checkout's answer, then the result page: the demo gateway's Pay and Fail buttons, or
 * Razorpay's checkout handing back its payment (its ids and signature, which the API checks and
 * settles at once rather than waiting for the webhook).
 */
export async function checkoutAction({ request, context, params }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "payments.checkout");
  const id = orderIdOf(params.order);
  if (!id) throw new Response("No such order", { status: 404 });
  const { failFromApi } = formAnswers<PayActionData>();
  // Cancel (decision 054): its students are released; 409 (paid or closed meanwhile) shows its result too.
  if (form.get("intent") === "cancel") {
    const cancelled = await api.POST("/api/payments/orders/{id}/cancel", { params: { path: { id } } });
    if (!cancelled.data && cancelled.response.status !== 409) {
      return failFromApi(cancelled, "The payment could not be cancelled. Please try again.");
    }
    return redirect(resultPath(id));
  }
  // A failed attempt at Razorpay: the gateway fails the order; its result page says so.
  if (form.get("intent") === "razorpay-failed") return redirect(resultPath(id));
  if (form.get("intent") === "razorpay") {
    const returned = await api.POST("/api/pay-student/update-payment-status", {
      body: {
        order_id: id,
        razorpay_order_id: String(form.get("razorpay_order_id") ?? ""),
        razorpay_payment_id: String(form.get("razorpay_payment_id") ?? ""),
        razorpay_signature: String(form.get("razorpay_signature") ?? ""),
      },
    });
    if (!returned.data) {
      return failFromApi(
        returned,
        "We could not confirm the payment with the gateway. If money left your account, it is confirmed within minutes; see Payment History.",
      );
    }
    return redirect(resultPath(id));
  }
  const outcome = form.get("outcome") === "pay" ? "pay" : "fail";
  const result = await api.POST("/api/payments/demo/checkout/{id}", { params: { path: { id } }, body: { outcome } });
  if (!result.data && result.response.status !== 409) {
    return failFromApi(result, "The demo gateway did not answer. Please try again.");
  }
  // 409: the order was already settled (a second click, another tab): its result says how.
  return redirect(resultPath(id));
}
