import { useLoaderData } from "@remix-run/react";
import { COUNTED, countOf, pluralWord } from "@repo/contracts/plural";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Card } from "@repo/ui/card";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense } from "react";
import type { instituteProfileLoader } from "./institute.server";

// The form brings zod and the form kit: its own chunk, like the school's profile form.
const InstituteProfileForm = lazy(() => import("./InstituteProfileForm"));

/** edit-school-profile for a master institute: its name, contact person, phone and e-mail. */
export function InstituteProfileScreen() {
  const { profile, csrf } = useLoaderData<typeof instituteProfileLoader>();
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
      <Stack gap={4}>
        <PostedAnswer />
        <Suspense fallback={<SkeletonText lines={4} />}>
          <InstituteProfileForm profile={profile} csrf={csrf} />
        </Suspense>
      </Stack>
    </Card>
  );
}
