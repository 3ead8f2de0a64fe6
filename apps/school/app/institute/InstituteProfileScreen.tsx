import { useLoaderData } from "@remix-run/react";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { useInBrowser } from "@repo/remix-app/forms/in-browser";
import { Card } from "@repo/ui/card";
import { SkeletonText } from "@repo/ui/skeleton";
import { Text } from "@repo/ui/text";
import { lazy, Suspense } from "react";
import type { instituteProfileLoader } from "./institute.server";

// The form brings zod and the form kit: loaded after the page shows, like the school's profile form.
const InstituteProfileForm = lazy(() => import("./InstituteProfileForm"));

/** edit-school-profile for a master institute: its name, contact person, phone and e-mail. */
export function InstituteProfileScreen() {
  const { profile, csrf } = useLoaderData<typeof instituteProfileLoader>();
  const inBrowser = useInBrowser();
  if (!profile) {
    return (
      <Card title="Institute profile">
        <Text tone="muted">The institute's profile could not be loaded. Please reload the page.</Text>
      </Card>
    );
  }
  return (
    <Card
      title="Institute profile"
      description={`${countOf(profile.schools, COUNTED.school)} ${pluralWord(profile.schools, { one: "belongs", other: "belong" })} to your institute.`}
    >
      {inBrowser ? (
        <Suspense fallback={<SkeletonText lines={4} />}>
          <InstituteProfileForm profile={profile} csrf={csrf} />
        </Suspense>
      ) : (
        <SkeletonText lines={4} />
      )}
    </Card>
  );
}
