import { useLoaderData } from "@remix-run/react";
import { Card } from "@repo/ui/card";
import { SkeletonText } from "@repo/ui/skeleton";
import { lazy, Suspense } from "react";
import type { schoolPasswordLoader } from "./school-profile.server";

// The My Profile dialog's own form (posting to /profile), loaded when the page opens.
const ChangePasswordForm = lazy(() =>
  import("@repo/remix-app/profile/dialog").then((module) => ({ default: module.ChangePasswordForm })),
);

/** school/update-school-password: the school account's password, with every password rule. */
export function SchoolPasswordScreen() {
  const { csrf, selfPath } = useLoaderData<typeof schoolPasswordLoader>();
  return (
    <Card title="Update password" description="Other sign-ins of this account end when the password changes.">
      <Suspense fallback={<SkeletonText lines={4} />}>
        <ChangePasswordForm csrf={csrf} action={selfPath} />
      </Suspense>
    </Card>
  );
}
