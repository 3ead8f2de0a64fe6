/**
 * "Forgot your password?" in every app (docs/decisions/052-forgotten-passwords.md): the request,
 * the texted code and the new password. Public forms, checked by Origin like the sign-in form;
 * every answer comes from the API, which says the same whether or not the account exists.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { PASSWORD_MESSAGES } from "@repo/contracts/auth";
import type { PasswordResetLinkState } from "@repo/contracts/password-reset-constants";
import { PASSWORD_RESET_MESSAGES } from "@repo/contracts/password-reset-constants";
import { APP_RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "@repo/contracts/unavailable";
import { APP_ID } from "../app-id";
import { auth } from "../auth.server";
import { FOREIGN_FORM, readPublicForm } from "../forms/form-pipeline.server";

type Fields = Partial<Record<"login" | "code" | "new_password" | "confirm_password", string>>;

/** What the forgot-password page shows after a post. */
export type ForgotState =
  | { step: "ask"; login: string; error?: string; fields?: Fields }
  | { step: "sent"; login: string; message: string }
  | { step: "code"; login: string; message: string; error?: string; fields?: Fields }
  /** A right code: the new-password form, carrying the link secret the code was exchanged for. */
  | { step: "choose"; token: string; username: string; rules: string };

/** What the reset-password page shows: the new-password form, or why the link does not work. */
export type ResetState =
  | { step: "choose"; token: string; username: string; rules: string; error?: string; fields?: Fields }
  | { step: "refused"; state: Exclude<PasswordResetLinkState, "valid"> | "missing"; message: string };

/** The password rules in words, under the new-password field (the API checks them: PASSWORD_MESSAGES). */
const RULES = `${PASSWORD_MESSAGES.min}, at most 100. ${PASSWORD_MESSAGES.complexity} (one of !@#$%^&*).`;

const MISSING_LINK = "This link is incomplete. Open the link from your e-mail again, or copy the whole address.";

/** The API's per-field errors by field name. */
function fieldsOf(error: { errors?: { field: string; message: string }[] } | undefined): Fields {
  const fields: Fields = {};
  for (const item of error?.errors ?? []) {
    const name = item.field as keyof Fields;
    fields[name] ??= item.message;
  }
  return fields;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

/** A refusal because the API is down: nothing was said about the account (decision 045). */
function unavailable<T>(state: T) {
  return data<T>(state, { status: 503, headers: { "Retry-After": String(APP_RETRY_AFTER_SECONDS) } });
}

/** /forgot-password (GET): the form. Signed-in visitors may use it too (a shared computer). */
export function forgotPasswordLoader(_args: LoaderFunctionArgs) {
  return null;
}

/**
 * /forgot-password (POST): `intent` email or sms asks the API for a link or a code; `code`
 * exchanges a texted code for the new-password form.
 */
export async function forgotPasswordAction({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) return data<ForgotState>({ step: "ask", login: "", error: FOREIGN_FORM }, 403);
  const login = text(form, "login");
  const intent = text(form, "intent");
  const api = auth.apiFor(request, context);

  if (intent === "code") {
    const code = text(form, "code");
    const { data: answer, error, response } = await api.POST("/api/password-reset/code", { body: { login, code } });
    if (answer)
      return data<ForgotState>({
        step: "choose",
        token: answer.data.token,
        username: answer.data.username,
        rules: RULES,
      });
    const codeState = (message: string, fields?: Fields): ForgotState => ({
      step: "code",
      login,
      message: "Enter the 6-digit code we texted.",
      error: message,
      ...(fields ? { fields } : {}),
    });
    if (response.status >= 500) return unavailable(codeState(SERVICE_UNAVAILABLE_MESSAGE));
    const fields = fieldsOf(error);
    return data<ForgotState>(
      codeState(fields.code ?? error?.message ?? PASSWORD_RESET_MESSAGES.wrongCode, fields),
      response.status,
    );
  }

  const channel = intent === "sms" ? "sms" : "email";
  if (!login) {
    return data<ForgotState>({ step: "ask", login, fields: { login: "Enter your username or e-mail address" } }, 400);
  }
  const {
    data: answer,
    error,
    response,
  } = await api.POST("/api/password-reset/request", {
    body: { login, channel, app: APP_ID },
  });
  if (answer) {
    return data<ForgotState>(
      channel === "sms"
        ? { step: "code", login, message: answer.message }
        : { step: "sent", login, message: answer.message },
    );
  }
  if (response.status >= 500)
    return unavailable<ForgotState>({ step: "ask", login, error: SERVICE_UNAVAILABLE_MESSAGE });
  const fields = fieldsOf(error);
  return data<ForgotState>(
    { step: "ask", login, error: error?.message ?? "The request could not be sent. Please try again.", fields },
    response.status,
  );
}

/**
 * /reset-password?token=… (GET): what the link is now. Checking uses nothing up, so a mail
 * scanner's visit changes nothing (decision 009); the form posts the token back.
 */
export async function resetPasswordLoader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  if (!token) return data<ResetState>({ step: "refused", state: "missing", message: MISSING_LINK }, 400);
  const { data: answer, response } = await auth
    .apiFor(request, context)
    .POST("/api/password-reset/check", { body: { token } });
  if (!answer) {
    if (response.status >= 500) throw new Response(SERVICE_UNAVAILABLE_MESSAGE, { status: 503 });
    return data<ResetState>({ step: "refused", state: "unknown", message: PASSWORD_RESET_MESSAGES.unknown }, 404);
  }
  const { state, username } = answer.data;
  if (state === "valid") return data<ResetState>({ step: "choose", token, username: username ?? "", rules: RULES });
  return data<ResetState>({ step: "refused", state, message: answer.message }, state === "unknown" ? 404 : 410);
}

const REFUSED_STATE: Record<number, Exclude<PasswordResetLinkState, "valid">> = {
  404: "unknown",
  409: "used",
  410: "superseded",
  422: "expired",
};

/**
 * /reset-password (POST): sets the new password, then sends the person to sign in with it
 * (decision 052): the browser's password manager sees a real sign-in and the device becomes known.
 */
export async function resetPasswordAction({ request, context }: ActionFunctionArgs) {
  const form = await readPublicForm(request, auth.appOrigin);
  const token = form ? text(form, "token") : "";
  const username = form ? text(form, "username") : "";
  if (!form) return data<ResetState>({ step: "choose", token, username, rules: RULES, error: FOREIGN_FORM }, 403);
  if (!token) return data<ResetState>({ step: "refused", state: "missing", message: MISSING_LINK }, 400);
  const {
    data: answer,
    error,
    response,
  } = await auth.apiFor(request, context).POST("/api/password-reset", {
    body: {
      token,
      new_password: String(form.get("new_password") ?? ""),
      confirm_password: String(form.get("confirm_password") ?? ""),
      app: APP_ID,
    },
  });
  if (answer) {
    const params = new URLSearchParams({ notice: "password-changed", username: answer.data.username });
    return redirect(`/login?${params}`);
  }
  if (response.status >= 500)
    return unavailable<ResetState>({
      step: "choose",
      token,
      username,
      rules: RULES,
      error: SERVICE_UNAVAILABLE_MESSAGE,
    });
  const refused = REFUSED_STATE[response.status];
  if (refused) {
    return data<ResetState>(
      { step: "refused", state: refused, message: error?.message ?? PASSWORD_RESET_MESSAGES[refused] },
      response.status,
    );
  }
  // The passwords are not sent back into the page: the person types them again.
  return data<ResetState>(
    { step: "choose", token, username, rules: RULES, error: "Check the new password.", fields: fieldsOf(error) },
    response.status,
  );
}
