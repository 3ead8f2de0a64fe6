import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import type { FieldError } from "@repo/contracts/envelope";
import { panelAssignmentBody } from "@repo/contracts/papers";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";

/** A subject panel user or a translator, as the API's generated client types it. */
export type PanelMemberRow = components["schemas"]["PanelMemberItem"];

export interface PanelMembersActionData {
  ok: boolean;
  message: string;
  errors?: FieldError[];
}

/** Subject panel users with their subjects and translators with their languages (the papersetter admin's). */
export async function panelMembersLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "panel.manage");
  const [members, subjects] = await Promise.all([
    api.GET("/api/papersetter/panel-members"),
    api.GET("/api/subject/get-subjects"),
  ]);
  const rows = members.data?.data ?? [];
  return {
    csrf,
    subjectPanel: rows.filter((m) => m.role_id === ROLE.subjectPanel),
    translators: rows.filter((m) => m.role_id === ROLE.translator),
    subjects: (subjects.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
    failure: members.data ? null : messageOf(members.error, "Panel members could not be loaded, please try again"),
  };
}

/**
 * Sets one member's subjects (a subject panel user) or languages (a translator); the other list
 * goes empty, as the API wants it. Each value arrives as a field of its own.
 */
export async function panelMembersAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "panel.manage");
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id < 1) {
    return data<PanelMembersActionData>({ ok: false, message: "There is no such panel member." }, { status: 404 });
  }
  const parsed = panelAssignmentBody.safeParse({
    subject_ids: form.getAll("subject_ids").map(String).filter(Boolean),
    languages: form.getAll("languages").map(String).filter(Boolean),
  });
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ""), message: i.message }));
    return data<PanelMembersActionData>(
      { ok: false, message: "Please correct the marked fields.", errors },
      { status: 400 },
    );
  }
  const {
    data: saved,
    error,
    response,
  } = await api.POST("/api/papersetter/panel-members/{id}", {
    params: { path: { id } },
    body: parsed.data,
  });
  if (!saved) {
    return data<PanelMembersActionData>(
      {
        ok: false,
        message: messageOf(error, "The assignment could not be saved"),
        ...(error?.errors?.length ? { errors: error.errors } : {}),
      },
      { status: response.status },
    );
  }
  return data<PanelMembersActionData>({ ok: true, message: `${saved.message} ${saved.data.name} is updated.` });
}
