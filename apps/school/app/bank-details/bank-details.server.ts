import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { bankDetailsBody } from "@repo/contracts/schools";
import { CHEQUE_MAX_BYTES } from "@repo/contracts/schools-constants";
import { auth } from "@repo/remix-app/auth.server";
import { refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { typedValues } from "@repo/remix-app/forms/answer";

/** Saved bank details (account number masked), as the generated client types them. */
export type BankDetails = components["schemas"]["BankDetails"];

/** school/bank-detail: the saved details, masked, or null when none are saved yet. */
export async function bankDetailsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  const { data: answer, error } = await api.GET("/api/bank-details");
  return {
    csrf,
    details: answer?.data ?? null,
    failure: answer ? null : (error?.message ?? "Bank details API failed, please try again"),
  };
}

export interface BankDetailsActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** What was typed (not the password), shown again when the form is refused. */
  values?: Record<string, string>;
}

const FIELDS = Object.keys(bankDetailsBody.shape) as (keyof typeof bankDetailsBody.shape)[];

/** Saves the details with the password and the optional cheque, as multipart, like the API takes them. */
export async function bankDetailsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context, { maxBytes: CHEQUE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES });
  const { api } = await auth.requireAction(request, context, form, "bankDetails.manage");
  const values = typedValues(form, FIELDS);
  const fail = (message: string, status: number, errors?: FieldError[]) =>
    data<BankDetailsActionData>({ ok: false, message, errors, values }, { status });
  const parsed = bankDetailsBody.safeParse(
    Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])),
  );
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return fail("Please correct the marked fields.", 400, errors);
  }
  const cheque = form.get("cancelled_cheque");
  if (cheque instanceof File && cheque.size > CHEQUE_MAX_BYTES) {
    const message = "The cheque image must be at most 5 MB";
    return fail(message, 413, [{ field: "cancelled_cheque", message }]);
  }
  const body = new FormData();
  for (const [field, value] of Object.entries(parsed.data)) body.set(field, value);
  if (cheque instanceof File && cheque.size > 0) body.set("cancelled_cheque", cheque, cheque.name);
  const {
    data: answer,
    error,
    response,
  } = await api.POST("/api/bank-details", {
    // The API reads multipart; openapi-fetch passes FormData through unchanged.
    body: body as unknown as typeof parsed.data,
    bodySerializer: (value) => value as unknown as FormData,
  });
  if (!answer) return fail(error?.message ?? "Could not save the bank details", response.status, error?.errors);
  return data<BankDetailsActionData>({ ok: true, message: answer.message });
}

/** /school/bank-detail/cheque: the cancelled cheque on file, streamed from the API as a download. */
export async function chequeLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requireUser(request, context);
  const { response } = await api.GET("/api/bank-details/cheque", { parseAs: "stream" });
  if (!response.ok || !response.body) return refusedDownload("No cancelled cheque is on file", 404);
  return streamDownload(response);
}
