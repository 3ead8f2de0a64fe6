import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import { ROLE } from "@repo/auth/roles";
import { auth } from "@repo/remix-app/auth.server";
import { examSittings } from "./exam-sittings";

/** Everything the dashboard shows, as the API's generated client types it. */
export type SchoolDashboard = components["schemas"]["SchoolDashboard"];

/** The dashboard of a school, an institute or a master institute (over its schools). */
export async function dashboardLoader({ request, context }: LoaderFunctionArgs) {
  const { api, subject } = await auth.requirePage(request, context);
  const ofSchools = subject.roleId === ROLE.masterInstitute;
  const [answer, schedule, schools] = await Promise.all([
    api.GET("/api/schools/dashboard"),
    api.GET("/api/exam-schedule"),
    // A master institute also sees its first few schools (by name), with a link to all of them.
    ofSchools ? api.GET("/api/master-institute/schools/list", { params: { query: { per_page: 5 } } }) : null,
  ]);
  return {
    dashboard: answer.data?.data ?? null,
    failure: answer.data ? null : (answer.error?.message ?? "The dashboard could not be loaded, please try again"),
    canAddStudents: can(subject, "students.add"),
    // An institute pays from its own payment page, not per student (docs/domain.md, Institute).
    canPayForStudents: can(subject, "payments.payForStudents"),
    canSeeImportantDates: can(subject, "importantDates.view"),
    ofSchools,
    // When each exam is sat (set by the papersetter admin); none yet is an empty list.
    examSittings: examSittings(schedule.data?.data ?? []),
    schools: schools?.data ? { items: schools.data.data.items, total: schools.data.data.total } : null,
  };
}
