import { useLoaderData } from "@remix-run/react";
import { Avatar } from "@repo/ui/avatar";
import { Badge } from "@repo/ui/badge";
import { Button } from "@repo/ui/button";
import { Card } from "@repo/ui/card";
import { DescriptionList } from "@repo/ui/description-list";
import { Grid } from "@repo/ui/grid";
import { Icon } from "@repo/ui/icon";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ProfileView } from "../shell/SignedInShell";
import type { profilePageLoader } from "./profile.server";

// The same dialogs as the user menu's, loaded when a button opens them (the shell loads the same chunks).
const ProfileDialog = lazy(() => import("./ProfileDialog"));
const MobileVerifyDialog = lazy(() => import("./MobileVerifyDialog"));

const EDIT_PROFILE: ProfileView = 2;
const CHANGE_PASSWORD: ProfileView = 1;

function Verified({ verified }: { verified: boolean }) {
  return (
    <Badge tone={verified ? "success" : "warning"} size="sm">
      {verified ? "Verified" : "Not verified"}
    </Badge>
  );
}

/** A value with its verification mark beside it; wraps under it on a phone. */
function Checked({ value, verified, action }: { value: string; verified: boolean; action?: ReactNode }) {
  return (
    <Stack direction="row" gap={2} align="center">
      <span>{value}</span>
      <Verified verified={verified} />
      {action}
    </Stack>
  );
}

/**
 * /view-profile: the signed-in user's own account, in every app: who they are, how the portal
 * reaches them, where they belong, and the user menu's Update Profile and Change Password dialogs.
 */
export function ProfileScreen() {
  const { profile, csrf } = useLoaderData<typeof profilePageLoader>();
  const [view, setView] = useState<ProfileView | null>(null);
  const [verifying, setVerifying] = useState(false);
  const close = () => setView(null);

  const contact = [
    { label: "E-mail", value: profile.email },
    {
      label: "Mobile",
      value: profile.mobile ? (
        <Checked
          value={profile.mobile}
          verified={profile.mobileVerified}
          action={
            profile.mobileVerified ? null : (
              <Button size="sm" variant="light" onClick={() => setVerifying(true)}>
                Verify now
              </Button>
            )
          }
        />
      ) : (
        <Text inline tone="muted">
          Not added
        </Text>
      ),
    },
    profile.schoolEmail
      ? {
          label: "School e-mail",
          value: <Checked value={profile.schoolEmail.address} verified={profile.schoolEmail.verified} />,
        }
      : null,
  ].filter((item) => item !== null);
  const belongs = [...(profile.school ? [{ label: "School", value: profile.school }] : []), ...profile.regions];
  const belongsTitle = profile.school ? "School" : profile.regions.length > 1 ? "Regions" : "Region";

  return (
    <Stack gap={5}>
      <Card
        title={profile.name}
        actions={
          <>
            <Button icon={<Icon name="edit" size={16} />} onClick={() => setView(EDIT_PROFILE)}>
              Edit profile
            </Button>
            <Button variant="light" icon={<Icon name="lock" size={16} />} onClick={() => setView(CHANGE_PASSWORD)}>
              Change password
            </Button>
          </>
        }
      >
        <Stack direction="row" gap={5} align="center">
          <Avatar name={profile.name} src={profile.avatarUrl} size="xl" />
          <DescriptionList
            aria-label="Account"
            items={[
              { label: "Username", value: profile.username },
              { label: "Role", value: profile.roleName },
              { label: "Designation", value: profile.profile.designation },
              { label: "Team", value: profile.profile.team },
            ]}
          />
        </Stack>
      </Card>
      <Grid minItemWidth={320}>
        <Card title="Contact details" description="Where the programme office and the portal reach you.">
          <DescriptionList aria-label="Contact details" items={contact} />
        </Card>
        {belongs.length > 0 ? (
          <Card
            title={belongsTitle}
            description={
              profile.school ? "The school your account belongs to." : "Where your role's lists and results come from."
            }
          >
            <DescriptionList aria-label={belongsTitle} items={belongs} />
          </Card>
        ) : null}
      </Grid>
      {view !== null ? (
        <Suspense fallback={null}>
          <ProfileDialog
            view={view}
            // The dialog's Back leads to its own profile card; this page is that card, so Back closes it.
            onViewChange={(next) => (next === 0 ? close() : setView(next))}
            onClose={close}
            user={profile}
            csrf={csrf}
          />
        </Suspense>
      ) : null}
      {verifying && profile.mobile ? (
        <Suspense fallback={null}>
          <MobileVerifyDialog mobile={profile.mobile} csrf={csrf} onClose={() => setVerifying(false)} />
        </Suspense>
      ) : null}
    </Stack>
  );
}
