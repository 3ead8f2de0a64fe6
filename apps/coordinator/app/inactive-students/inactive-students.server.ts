import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { INACTIVE_CAUSES } from "@repo/contracts/student-accounts-constants";
import { auth } from "@repo/remix-app/auth.server";
import { type FormAnswer, formAnswers } from "@repo/remix-app/forms/server";
import { parseTableQuery } from "@repo/ui/data-table";

export type InactiveStudentRow = components["schemas"]["InactiveStudentPage"]["items"][number];
type ListQuery = NonNullable<operations["getPaysupportStudentsInactive"]["parameters"]["query"]>;

/** The form pipeline's answer (done, or why not). */
export type InactiveActionData = FormAnswer;

/** The list query from the page's URL: paging, search and the cause. */
export function inactiveQueryFrom(params: URLSearchParams): ListQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ListQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const cause = INACTIVE_CAUSES.find((c) => c === params.get("cause"));
  if (cause) query.cause = cause;
  return query;
}

/** paysupport/student-inactive-list: students who cannot sign in, and why. */
export async function inactiveStudentsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf } = await auth.requirePage(request, context, "paySupport.manage");
  const query = inactiveQueryFrom(new URL(request.url).searchParams);
  const list = await api.GET("/api/paysupport/students/inactive", { params: { query } });
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    filters,
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Inactive students could not be loaded, please try again"),
  };
}

/** Switch one student's sign-in on again. */
export async function inactiveStudentsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const { api } = await auth.requireAction(request, context, form, "paySupport.manage");
  const { fail, failFromApi, done } = formAnswers<InactiveActionData>();
  const id = Number(form.get("student_id"));
  if (!Number.isSafeInteger(id) || id < 1) return fail("Choose a student.", 400);
  const result = await api.POST("/api/paysupport/students/{id}/reactivate", { params: { path: { id } } });
  if (!result.data) return failFromApi(result, "Could not switch the sign-in on");
  return done(result.data.message);
}
