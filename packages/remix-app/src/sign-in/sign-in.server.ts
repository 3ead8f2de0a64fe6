import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isSameOrigin } from "@repo/auth/remix/security";
import { PASSWORD_RESET_MESSAGES } from "@repo/contracts/password-reset-constants";
import { APP_RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "@repo/contracts/unavailable";
import { auth } from "../auth.server";
import { FOREIGN_FORM, readPublicForm } from "../forms/form-pipeline.server";

/** Why the visitor is on the login page, in words (from ?notice=). */
export const NOTICES: Record<string, string> = {
  "signed-out": "You have signed out.",
  expired: "Your session has ended. Please sign in again.",
  handoff: "That sign-in link has expired or was already used. Please sign in again.",
  "password-changed": PASSWORD_RESET_MESSAGES.done,
};

/** /login: signed-in visitors go where they belong; others get the form. */
export async function loginLoader({ request, context }: LoaderFunctionArgs) {
  const landing = await auth.currentLanding(request, context);
  if (landing) throw redirect(landing.location, { headers: landing.headers });
  const url = new URL(request.url);
  const notice = NOTICES[url.searchParams.get("notice") ?? ""] ?? null;
  // After a new password the username is filled in (decision 052); only a plausible one.
  const username = url.searchParams.get("username")?.slice(0, 100) ?? null;
  return { notice, redirectTo: url.searchParams.get("redirectTo"), username };
}

export interface LoginActionData {
  error?: string;
  fields?: { username?: string; password?: string };
  /** What was typed, shown again so that a failed sign-in (an outage, a typo) keeps it. */
  username?: string;
}

export async function loginAction({ request, context }: ActionFunctionArgs) {
  // No session yet, so no CSRF token: the Origin check stops cross-site login posts.
  const form = await readPublicForm(request, auth.appOrigin);
  if (!form) return data<LoginActionData>({ error: FOREIGN_FORM }, 403);
  const username = String(form.get("username") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const fields: LoginActionData["fields"] = {};
  if (!username) fields.username = "Enter your username";
  if (!password) fields.password = "Enter your password";
  if (fields.username || fields.password) return data<LoginActionData>({ fields, username }, 400);
  const result = await auth.login(request, context, {
    username,
    password,
    redirectTo: String(form.get("redirectTo") ?? ""),
  });
  if (!result.ok && result.unavailable) {
    // The API is down or its database restarts: nothing was said about the password (decision 045).
    return data<LoginActionData>(
      { error: SERVICE_UNAVAILABLE_MESSAGE, username },
      { status: 503, headers: { "Retry-After": String(APP_RETRY_AFTER_SECONDS) } },
    );
  }
  if (!result.ok) return data<LoginActionData>({ error: result.message || "Login failed", username }, 401);
  return redirect(result.redirectTo, { headers: result.headers });
}

/** /auth/handoff?code=…&to=…: another app moved a sign-in here. */
export function handoffLoader({ request, context }: LoaderFunctionArgs) {
  return auth.redeemHandoff(request, context);
}

/** /logout (POST): revokes the sign-in everywhere. GET just shows the login page. */
export async function logoutAction({ request, context }: ActionFunctionArgs) {
  if (!isSameOrigin(request, auth.appOrigin)) throw new Response("Forbidden", { status: 403 });
  return auth.logout(request, context);
}

export function logoutLoader() {
  return redirect("/login");
}

/** `/`: the landing page of a signed-in user, else the login page. */
export async function indexLoader({ request, context }: LoaderFunctionArgs) {
  const landing = await auth.currentLanding(request, context);
  throw redirect(landing?.location ?? "/login", { headers: landing?.headers });
}
