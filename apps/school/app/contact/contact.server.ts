import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { contactBody } from "@repo/contracts/content-notices";
import { CONTACT_PATH } from "@repo/contracts/content-notices-constants";
import type { FieldError } from "@repo/contracts/envelope";
import { auth } from "@repo/remix-app/auth.server";
import { loadStaticPage } from "../static-pages/static-pages.server";

/** The Contact page: the programme's contact text (a static page) and the form. */
export async function contactLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context);
  return { csrf, ...(await loadStaticPage(api, "contact")) };
}

export interface ContactActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
  /** Who it went to, by role and region (never their addresses). */
  sentTo?: { role_name: string; region: string | null }[];
}

/** Checks the form with the API's own schema, then sends it; the API's 429 message says when to try again. */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "contact.view");
  const parsed = contactBody.safeParse({
    subject: String(form.get("subject") ?? ""),
    message: String(form.get("message") ?? ""),
    phone: String(form.get("phone") ?? ""),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
    return data<ContactActionData>(
      { ok: false, message: "Please correct the marked fields.", errors },
      { status: 400 },
    );
  }
  const { data: answer, error, response } = await api.POST(CONTACT_PATH, { body: parsed.data });
  if (!answer) {
    return data<ContactActionData>(
      {
        ok: false,
        message: error?.message ?? "Your message could not be sent, please try again",
        errors: error?.errors,
      },
      { status: response.status },
    );
  }
  return data<ContactActionData>({ ok: true, message: answer.message, sentTo: answer.data.sent_to });
}
