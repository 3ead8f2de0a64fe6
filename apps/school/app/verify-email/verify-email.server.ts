import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers, readPublicForm } from "@repo/remix-app/forms/server";

/** How a verification link turned out; `expired` and `used` offer to sign in and ask again. */
export type VerifyOutcome = "verified" | "used" | "expired" | "replaced" | "invalid" | "missing";

export type VerifyState =
  /** A token to redeem: the page posts it (automatically in a browser, or by its button). */
  { outcome: "ready"; token: string; message: string } | { outcome: VerifyOutcome; message: string };

const OUTCOME_BY_STATUS: Record<number, VerifyOutcome> = {
  404: "invalid",
  409: "used",
  410: "replaced",
  422: "expired",
  400: "invalid",
};

const MISSING = {
  outcome: "missing",
  message:
    "This verification link is incomplete. Open the link from your e-mail again, or copy the whole address into your browser.",
} as const satisfies VerifyState;

const tokenOf = (value: FormDataEntryValue | string | null | undefined) =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

/**
 * /verify-school-email?token=… (GET) redeems nothing: mail scanners open links before people do,
 * and a link they opened would be used up. The page posts the token itself once it runs in a
 * browser (and offers a button), so only a person's visit verifies.
 */
export function verifyEmailLoader({ request }: LoaderFunctionArgs): VerifyState {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  if (!token) return MISSING;
  return { outcome: "ready", token, message: "Confirm that this is your school's e-mail address." };
}

/**
 * /verify-school-email (POST): redeems the link once through the API and says how it went. The
 * page is public: the school need not be signed in to prove it reads its mail.
 */
export async function verifyEmailAction({ request, context }: ActionFunctionArgs): Promise<VerifyState> {
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) {
    return {
      outcome: "invalid",
      message: "This form was sent from another site. Open the link from your e-mail again.",
    };
  }
  const token = tokenOf(form.get("token"));
  if (!token) return MISSING;
  const {
    data: answer,
    error,
    response,
  } = await auth.apiFor(request, context).POST("/api/school/verify-school-email", { body: { token } });
  if (answer) return { outcome: "verified", message: answer.message };
  return {
    outcome: OUTCOME_BY_STATUS[response.status] ?? "invalid",
    message: error?.message ?? "The link could not be checked. Please try again later.",
  };
}

/** The form pipeline's answer (sent, or why not). */
export type ResendResult = FormAnswer;

/** /email-verification (POST): mails the signed-in school a new link. */
export async function resendAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "school.profile.edit");
  const { data: answer, error } = await api.POST("/api/school/verify-school-email/resend");
  const { fail, done } = formAnswers<ResendResult>();
  // The refusal is answered 200, as it always was; the fetcher shows its message.
  if (!answer) return fail(error?.message || "The link could not be sent. Please try again.", 200);
  return done(answer.message);
}
