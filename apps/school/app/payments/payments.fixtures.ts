import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import { envelope, signedInAs, userRecord } from "@repo/remix-app/testing";
import type { OrderSummary, UnpaidStudentRow } from "./payments.server";

/**
 * The payment screens' data as the API answers it (Payment for Students and the checkout), for
 * their server test and route tests: each fact about it is written here once, typed by the
 * generated client.
 */

export const school = () => signedInAs(userRecord({ role_id: ROLE.school, role_name: "School" }));
export const masterInstitute = () =>
  signedInAs(userRecord({ role_id: ROLE.masterInstitute, role_name: "Master Institute" }));

/** What paying for every unpaid student costs: 2 students at ₹150, ₹300 in all, none held by an open order. */
export const amount: components["schemas"]["PaymentAmount"] = {
  students: 2,
  held: 0,
  fee: { currency: "INR", amount_minor: 15000 },
  amount: { currency: "INR", amount_minor: 30000 },
  exam_level: "level1",
};

/** The order a payment starts: order 42, paid at the demo gateway. */
export const created: components["schemas"]["CreatedPayment"] = {
  order_id: 42,
  reference: "ORD-000042",
  amount: { currency: "INR", amount_minor: 30000 },
  students: 2,
  checkout: { provider: "demo", order_id: 42 },
};

/** An unpaid student of the school's, class VIII. */
export const unpaid = (id: number, first_name: string): UnpaidStudentRow => ({
  id,
  first_name,
  last_name: "Rao",
  class_level: 8,
  language: "hi",
  gender: "female",
  date_of_birth: null,
  parent_name: null,
  phone: null,
  email: null,
  exam_year: "2026-27",
  payment_status: "unpaid",
  has_account: false,
  roll_number: null,
  school_id: 7,
  school_name: "Demo School",
  created_at: "2026-06-01T10:00:00.000Z",
  sign_in_sms: null,
});

/** A page of the student list. */
export const studentPage = (items: UnpaidStudentRow[]) =>
  envelope({ items, page: 1, per_page: 10, total: items.length, last_page: 1 });

/** What Payment for Students asks the API, answered: Asha and Ravi unpaid, what they cost, no open order. */
export const paymentPageAnswers = () => ({
  "GET /api/user": school(),
  "GET /api/schools/student-list": { body: studentPage([unpaid(7, "Asha"), unpaid(8, "Ravi")]) },
  "POST /api/get-payment-amount": { body: envelope(amount) },
  "GET /api/payments/open-orders": { body: envelope([]) },
});

/** Order 42 waiting at the demo gateway: Asha and Ravi, ₹300. */
export const order = (overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id: 42,
  reference: "ORD-2026-0042",
  purpose: "students",
  status: "pending",
  status_reason: null,
  provider: "demo",
  checkout: { provider: "demo", order_id: 42 },
  amount: { currency: "INR", amount_minor: 30000 },
  items: [
    { id: 1, description: "Asha Rao, class VIII", amount_minor: 15000 },
    { id: 2, description: "Ravi Rao, class VIII", amount_minor: 15000 },
  ],
  created_at: "2026-11-20T10:00:00.000Z",
  paid_at: null,
  invoice_number: null,
  releases_at: "2026-11-20T11:00:00.000Z",
  ...overrides,
});

/** What the checkout asks the API, answered: the school and its order 42. */
export const checkoutAnswers = (theOrder: OrderSummary = order()) => ({
  "GET /api/user": school(),
  "GET /api/payments/orders/42": { body: envelope(theOrder) },
});
