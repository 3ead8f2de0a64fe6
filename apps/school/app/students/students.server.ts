import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { components, operations } from "@repo/api-client/schema";
import { pagePath } from "@repo/auth/menus";
import { can } from "@repo/auth/permissions";
import { ROLE } from "@repo/auth/roles";
import type { FieldError } from "@repo/contracts/envelope";
import { LANGUAGE_CODES } from "@repo/contracts/languages";
import { studentFields } from "@repo/contracts/students";
import { CLASS_LEVELS, PAYMENT_STATUSES, type PaymentStatus } from "@repo/contracts/students-constants";
import { auth } from "@repo/remix-app/auth.server";
import { typedValues } from "@repo/remix-app/forms/answer";
import { CORRECT_THE_FIELDS, formAnswers, parseForm } from "@repo/remix-app/forms/server";
import { followedImport } from "@repo/remix-app/imports/server";
import { parseTableQuery } from "@repo/ui/data-table";

const PAYMENT_CODES = PAYMENT_STATUSES.map((s) => s.code);

/** A row of the students list, as the API's generated client types it. */
export type StudentRow = components["schemas"]["StudentRow"];
type ListQuery = NonNullable<operations["getSchoolsStudentList"]["parameters"]["query"]>;

export interface StudentActionData {
  ok: boolean;
  intent: string;
  message: string;
  errors?: FieldError[];
  /** The student a refused edit was for, and what was typed (shown again without JavaScript). */
  id?: string;
  values?: Record<string, string>;
  /** For a bulk delete: the students kept and why. */
  kept?: { id: number; reason: string }[];
}

/** The value of `raw` if it is one of `values`. */
const pick = <T extends string | number>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => String(value) === raw);

/** The list query for the URL: paging, search and the filters; a fixed payment status wins. */
export function studentListQueryFrom(params: URLSearchParams, fixed?: PaymentStatus): ListQuery {
  const { page, perPage, search } = parseTableQuery(params);
  const query: ListQuery = { page, per_page: perPage };
  if (search) query.search = search;
  const classLevel = pick(CLASS_LEVELS, params.get("class_level"));
  if (classLevel) query.class_level = classLevel;
  const language = pick(LANGUAGE_CODES, params.get("language"));
  if (language) query.language = language;
  const payment = fixed ?? pick(PAYMENT_CODES, params.get("payment_status"));
  if (payment) query.payment_status = payment;
  return query;
}

/** A students list page; `fixed` makes it the paid or the unpaid list. */
export async function studentsLoader({ request, context }: LoaderFunctionArgs, fixed?: PaymentStatus) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const query = studentListQueryFrom(new URL(request.url).searchParams, fixed);
  const list = await api.GET("/api/schools/student-list", { params: { query } });
  const { page: _page, per_page: _perPage, ...filters } = query;
  return {
    csrf,
    fixed: fixed ?? null,
    // What the Export menu sends: the list's filters without its paging (the whole list goes).
    filters,
    // Only the accounts that add students may change or delete them (a master institute views).
    canEdit: can(subject, "students.add"),
    // A student without e-mail signs in with a printed slip (decision 050).
    canPrintSlips: can(subject, "students.signInSlips"),
    /** Why a slip was not printed (the slips route sends a plain form back here with it). */
    problem: new URL(request.url).searchParams.get("problem"),
    rows: list.data?.data.items ?? [],
    total: list.data?.data.total ?? 0,
    failure: list.data ? null : (list.error?.message ?? "Students API failed, please try again"),
  };
}

const STUDENT_FIELDS = Object.keys(studentFields.shape);

/** Add (the Add Students page), edit, delete (one or many) and send sign-in details. */
export async function studentsAction({ request, context }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  const intent = String(form.get("intent"));
  const { api } = await auth.requireAction(request, context, form, "students.add");
  // A refused add or edit answers what was typed, to be shown again.
  const typed =
    intent === "create" || intent === "update"
      ? { id: form.has("id") ? String(form.get("id")) : undefined, values: typedValues(form, STUDENT_FIELDS) }
      : {};
  const { fail, failFromApi, done } = formAnswers<StudentActionData>({ intent }, typed);

  if (intent === "create" || intent === "update") {
    const parsed = parseForm(form, studentFields);
    if (!parsed.ok) return fail(CORRECT_THE_FIELDS, 400, parsed.errors);
    const body = parsed.data;
    // A master institute adds students into the school it picked on the page.
    const schoolId = Number(form.get("school_id") ?? 0);
    if (intent === "create" && form.has("school_id") && !(schoolId > 0)) {
      return fail("Choose the school the student goes to.", 400, [
        { field: "school_id", message: "Choose the school" },
      ]);
    }
    const result =
      intent !== "create"
        ? await api.POST("/api/students/update/{id}", { params: { path: { id: Number(form.get("id")) } }, body })
        : schoolId > 0
          ? await api.POST("/api/master-institute/student/create", { body: { ...body, school_id: schoolId } })
          : await api.POST("/api/schools/student/create", { body });
    if (!result.data) return failFromApi(result, "Could not save the student");
    return done(result.data.message);
  }
  if (intent === "delete") {
    const ids = String(form.get("ids") ?? "")
      .split(",")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0);
    const result = await api.POST("/api/schools/students/delete", { body: { ids } });
    if (!result.data) return fail(result.error?.message ?? "Could not delete", result.response.status);
    return done(result.data.message, { kept: result.data.data.kept });
  }
  if (intent === "credentials") {
    const id = Number(form.get("id"));
    const result = await api.GET("/api/schools/student/{id}/send-credential-mail", { params: { path: { id } } });
    if (!result.data)
      return fail(result.error?.message ?? "Could not send the sign-in details", result.response.status);
    return done(result.data.message);
  }
  return fail("Unknown action", 400);
}

/** The Add Students page: the forms' CSRF token, and the list's address for "See the list" (no menu table in the page). */
export async function addStudentLoader({ request, context }: LoaderFunctionArgs) {
  const { api, csrf, subject } = await auth.requirePage(request, context);
  const listPath = pagePath("school", "view-students");
  // Paths come from the loader so that the page's bundle does not carry the whole page tree.
  const addSchoolPath = pagePath("school", "add-school");
  // The import followed on the page without JavaScript (?job=).
  const followed = await followedImport(api, request);
  if (subject.roleId !== ROLE.masterInstitute) {
    return { csrf, listPath, addSchoolPath, followed, schools: null, failure: null };
  }
  // A master institute picks which of its schools the students go to.
  const choices = await api.GET("/api/master-institute/schools/choices");
  return {
    csrf,
    listPath,
    addSchoolPath,
    followed,
    schools: (choices.data?.data ?? []).filter((school) => school.is_active),
    failure: choices.data ? null : (choices.error?.message ?? "Your schools could not be loaded, please try again"),
  };
}
