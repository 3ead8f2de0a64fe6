import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import type { FieldError } from "@repo/contracts/envelope";
import { MULTIPART_OVERHEAD_BYTES } from "@repo/contracts/request-limits-constants";
import { bankDetailsBody } from "@repo/contracts/schools";
import { CHEQUE_MAX_BYTES } from "@repo/contracts/schools-constants";
import { auth } from "@repo/remix-app/auth.server";
import { refusedDownload, streamDownload } from "@repo/remix-app/downloads/server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";

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

/** Saves the details with the password and the optional cheque, as multipart, like the API takes them. */
export async function bankDetailsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context, { maxBytes: CHEQUE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES });
  const { api } = await auth.requireAction(request, context, form, "bankDetails.manage");
  const parsed = parseForm(form, bankDetailsBody);
  const { fail, failFromApi, done } = formAnswers<BankDetailsActionData>({}, { values: parsed.values });
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const cheque = form.get("cancelled_cheque");
  if (cheque instanceof File && cheque.size > CHEQUE_MAX_BYTES) {
    const message = "The cheque image must be at most 5 MB";
    return fail(message, 413, [{ field: "cancelled_cheque", message }]);
  }
  const body = new FormData();
  for (const [field, value] of Object.entries(parsed.data)) body.set(field, value);
  if (cheque instanceof File && cheque.size > 0) body.set("cancelled_cheque", cheque, cheque.name);
  const result = await api.POST("/api/bank-details", {
    // The API reads multipart; openapi-fetch passes FormData through unchanged.
    body: body as unknown as typeof parsed.data,
    bodySerializer: (value) => value as unknown as FormData,
  });
  if (!result.data) return failFromApi(result, "Could not save the bank details");
  return done(result.data.message);
}

/** /school/bank-detail/cheque: the cancelled cheque on file, streamed from the API as a download. */
export async function chequeLoader({ request, context }: LoaderFunctionArgs) {
  const { api } = await auth.requireUser(request, context);
  const { response } = await api.GET("/api/bank-details/cheque", { parseAs: "stream" });
  if (!response.ok || !response.body) return refusedDownload("No cancelled cheque is on file", 404);
  return streamDownload(response);
}
