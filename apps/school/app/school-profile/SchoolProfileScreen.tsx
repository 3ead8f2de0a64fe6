import { useLoaderData } from "@remix-run/react";
import { SCHOOL_CATEGORIES } from "@repo/contracts/schools-constants";
import { PostedAnswer } from "@repo/remix-app/forms/posted-answer";
import { Badge } from "@repo/ui/badge";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { useMessageDialog } from "@repo/ui/message-dialog";
import { SkeletonText } from "@repo/ui/skeleton";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, Suspense, useEffect, useRef } from "react";
import type { schoolProfileLoader } from "./school-profile.server";

// The form (react-hook-form, zod) is its own chunk: the page's first view is the record.
const SchoolProfileForm = lazy(() => import("./SchoolProfileForm"));

export const nameOf = (list: readonly { id: number; name: string }[], id: number | null) =>
  list.find((item) => item.id === id)?.name ?? null;

/** school/edit-school-profile: what the admins set, read-only; the contact details, editable. */
export function SchoolProfileScreen() {
  const { profile, failure, csrf } = useLoaderData<typeof schoolProfileLoader>();
  const dialogs = useMessageDialog();
  const warned = useRef(false);
  useEffect(() => {
    if (failure && !warned.current) {
      warned.current = true;
      void dialogs.warning("School profile not found", failure);
    }
  }, [failure, dialogs]);

  if (!profile) {
    return (
      <Card title="School profile">
        <Text tone="muted">The school profile could not be loaded. Please reload the page.</Text>
      </Card>
    );
  }
  const place = [profile.city, profile.district, profile.prant, profile.state, profile.zone].filter(Boolean).join(", ");
  return (
    <Stack gap={5}>
      <Card title={profile.name} description="Set at registration; the programme office can change these for you.">
        <DescriptionList
          aria-label="Registration details"
          items={[
            { label: "Category", value: nameOf(SCHOOL_CATEGORIES, profile.category_id) },
            { label: "Region", value: place },
            {
              label: "E-mail",
              value: (
                <Stack direction="row" gap={2} align="center">
                  <span>{profile.email}</span>
                  <Badge tone={profile.email_verified ? "primary" : "danger"}>
                    {profile.email_verified ? "Verified" : "Not verified"}
                  </Badge>
                </Stack>
              ),
            },
            { label: "Referral code", value: profile.referral_code },
            { label: "Status", value: profile.is_active ? "Active" : "Inactive" },
          ]}
        />
      </Card>
      <Card title="Contact details" description="Board, address and the person we contact.">
        <Stack gap={4}>
          <PostedAnswer />
          <Suspense fallback={<SkeletonText lines={6} />}>
            <SchoolProfileForm profile={profile} csrf={csrf} />
          </Suspense>
        </Stack>
      </Card>
    </Stack>
  );
}
