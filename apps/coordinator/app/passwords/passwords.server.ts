import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { ROLE, ROLES } from "@repo/auth/roles";
import { idOfText } from "@repo/contracts/numbers-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type PasswordUserRow = components["schemas"]["PasswordUserItem"];
/** The form pipeline's answer (done, or why not). */
export type PasswordActionData = FormAnswer;

/**
 * Password Management: the people whose password the signed-in user may reset, for the URL's
 * paging, search and role. Admins choose among every role but the admins'; a coordinator's list is
 * its coordinators, so it gets no role filter.
 */
export async function passwordsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const params = new URL(request.url).searchParams;
  const { page, perPage, search } = parseTableQuery(params);
  const roleId = idOfText(params.get("role_id")) ?? 0;
  const admin = subject.roleId === ROLE.admin || subject.roleId === ROLE.subAdmin;
  const list = await api.POST("/api/password/users", {
    body: {
      page,
      per_page: perPage,
      ...(search ? { search } : {}),
      ...(Number.isSafeInteger(roleId) && roleId > 0 ? { role_id: roleId } : {}),
    },
  });
  return {
    csrf,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "People could not be loaded, please try again"),
    roles: admin
      ? ROLES.filter((r) => r.id !== ROLE.admin && r.id !== ROLE.subAdmin).map((r) => ({
          value: String(r.id),
          label: r.name,
        }))
      : [],
  };
}

/** Resets one person's password (the API makes it and mails it). */
export async function passwordsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "passwords.manage");
  const { fail, failFromApi, done } = formAnswers<PasswordActionData>();
  const userId = Number(form.get("user_id"));
  if (!Number.isSafeInteger(userId) || userId < 1) return fail("Choose whose password to reset.", 400);
  const result = await api.POST("/api/password/update-password", { body: { user_id: userId } });
  if (!result.data) return failFromApi(result, "The password could not be reset");
  return done(result.data.message);
}
