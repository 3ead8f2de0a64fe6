import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { ROLE } from "@repo/auth/roles";
import type { FieldError } from "@repo/contracts/envelope";
import { panelAssignmentBody } from "@repo/contracts/papers";
import { auth } from "@repo/remix-app/auth.server";
import { messageOf } from "@repo/remix-app/downloads/server";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";

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
  const { fail, failFromApi, done } = formAnswers<PanelMembersActionData>();
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id < 1) return fail("There is no such panel member.", 404);
  const parsed = parseForm(
    {
      subject_ids: form.getAll("subject_ids").map(String).filter(Boolean),
      languages: form.getAll("languages").map(String).filter(Boolean),
    },
    panelAssignmentBody,
    // A refused value (subject_ids.2) is shown on its list.
    { rename: (field) => field.split(".")[0] ?? "" },
  );
  if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
  const {
    data: saved,
    error,
    response,
  } = await api.POST("/api/papersetter/panel-members/{id}", {
    params: { path: { id } },
    body: parsed.data,
  });
  if (!saved) return failFromApi({ error, response }, "The assignment could not be saved");
  return done(`${saved.message} ${saved.data.name} is updated.`);
}
