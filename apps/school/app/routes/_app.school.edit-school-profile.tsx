import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ROLE } from "@repo/auth/roles";
import { auth } from "@repo/remix-app/auth.server";
import { PageErrorBoundary } from "@repo/remix-app/shell/page-states";
import { InstituteProfileScreen } from "../institute/InstituteProfileScreen";
import { instituteProfileAction, instituteProfileLoader } from "../institute/institute.server";
import { SchoolProfileScreen } from "../school-profile/SchoolProfileScreen";
import { schoolProfileAction, schoolProfileLoader } from "../school-profile/school-profile.server";

// A master institute has no school of its own: this page is its institute's profile.
const isInstitute = async ({ request, context }: LoaderFunctionArgs) =>
  (await auth.requirePage(request, context)).subject.roleId === ROLE.masterInstitute;

export async function loader(args: LoaderFunctionArgs) {
  return (await isInstitute(args))
    ? { kind: "institute" as const, ...(await instituteProfileLoader(args)) }
    : { kind: "school" as const, ...(await schoolProfileLoader(args)) };
}

export async function action(args: ActionFunctionArgs) {
  return (await isInstitute(args)) ? instituteProfileAction(args) : schoolProfileAction(args);
}

export default function ProfilePage() {
  const { kind } = useLoaderData<typeof loader>();
  return kind === "institute" ? <InstituteProfileScreen /> : <SchoolProfileScreen />;
}
export const ErrorBoundary = PageErrorBoundary;
