import type { LoaderFunctionArgs } from "@remix-run/node";
import type { components } from "@repo/api-client/schema";
import { can } from "@repo/auth/permissions";
import { ROLE } from "@repo/auth/roles";
import { auth } from "@repo/remix-app/auth.server";

/** The Statistics page's figures, as the API's generated client types them. */
export type SchoolStatistics = components["schemas"]["SchoolStatistics"];
export type StudentCounts = SchoolStatistics["students"];

/** The Statistics page: the school's (or master institute's) students this exam year. */
export async function statisticsLoader({ request, context }: LoaderFunctionArgs) {
  const { api, subject } = await auth.requirePage(request, context);
  const answer = await api.GET("/api/schools/statistics");
  return {
    statistics: answer.data?.data ?? null,
    failure: answer.data ? null : (answer.error?.message ?? "The statistics could not be loaded, please try again"),
    canAddStudents: can(subject, "students.add"),
    ofSchools: subject.roleId === ROLE.masterInstitute,
  };
}
