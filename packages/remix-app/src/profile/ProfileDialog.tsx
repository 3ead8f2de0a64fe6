import { useFetcher } from "@remix-run/react";
import { changePasswordBody } from "@repo/contracts/auth";
import { Avatar } from "@repo/ui/avatar";
import { Button } from "@repo/ui/button";
import { DescriptionList } from "@repo/ui/description-list";
import { Dialog } from "@repo/ui/dialog";
import { PROFILE_PHOTO_ACCEPT } from "@repo/ui/file-input";
import { Form, FormFileInput, FormPasswordField, FormSubmit, FormTextField, useZodForm } from "@repo/ui/form";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";
import { useEffect } from "react";
import { z } from "zod";
import { useFormAnswer } from "../forms/form-answer";
import type { ProfileView } from "../shell/SignedInShell";
import type { ProfileActionData } from "./profile.server";

interface ProfileUser {
  username: string;
  name: string;
  roleName: string;
  email: string;
  avatarUrl: string | null;
  assignment?: string | undefined;
  mobile: string | null;
  mobileVerified: boolean;
  profile: { full_name: string | null; designation: string | null; team: string | null };
}

interface Props {
  view: ProfileView;
  onViewChange: (view: ProfileView) => void;
  onClose: () => void;
  user: ProfileUser;
  csrf: string;
}

const TITLES: Record<ProfileView, string> = { 0: "My Profile", 1: "Change Password", 2: "Update Profile" };

/** The user modal's three views — profile card (0), change password (1), update profile (2). */
export default function ProfileDialog({ view, onViewChange, onClose, user, csrf }: Props) {
  return (
    <Dialog title={TITLES[view]} open onOpenChange={(open) => (open ? undefined : onClose())} size="md">
      {/* A new key per view: opening a view starts its form (and photo preview) afresh. */}
      {view === 0 ? <ProfileCard key="card" user={user} onViewChange={onViewChange} /> : null}
      {view === 1 ? <ChangePasswordForm key="password" csrf={csrf} onBack={() => onViewChange(0)} /> : null}
      {view === 2 ? <UpdateProfileForm key="update" csrf={csrf} user={user} onBack={() => onViewChange(0)} /> : null}
    </Dialog>
  );
}

function ProfileCard({ user, onViewChange }: { user: ProfileUser; onViewChange: (view: ProfileView) => void }) {
  const items = [
    { label: "Username", value: user.username },
    { label: "Role", value: user.roleName },
    { label: "E-mail", value: user.email },
    { label: "Mobile", value: user.mobile ? `${user.mobile}${user.mobileVerified ? " (verified)" : ""}` : null },
    { label: "Designation", value: user.profile.designation },
    { label: "Team", value: user.profile.team },
    { label: "Region", value: user.assignment },
  ];
  return (
    <Stack gap={5}>
      <Stack direction="row" align="center" gap={4} wrap={false}>
        <Avatar name={user.name} src={user.avatarUrl} size="xl" />
        <div>
          <Text size="xl" weight="bold">
            {user.name}
          </Text>
          <Text tone="muted">{user.roleName}</Text>
        </div>
      </Stack>
      <DescriptionList items={items} />
      <Stack direction="row" gap={3}>
        <Button onClick={() => onViewChange(2)}>Update Profile</Button>
        <Button variant="light" onClick={() => onViewChange(1)}>
          Change Password
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The server's answer to a form: its field errors are put on the form's fields (only names the
 * form has), and the answer itself is returned for the message above the form.
 */
function useServerAnswer<Field extends string>(
  fetcher: ReturnType<typeof useFetcher<ProfileActionData>>,
  fields: readonly Field[],
  setError: (field: Field, error: { message: string }) => void,
) {
  useEffect(() => {
    for (const error of fetcher.data?.errors ?? []) {
      const field = fields.find((name) => name === error.field);
      if (field) setError(field, { message: error.message });
    }
  }, [fetcher.data, fields, setError]);
  return fetcher.data;
}

/** The server's answer above the form, unless it only repeats errors already shown on fields. */
function Answer({ answer }: { answer: ProfileActionData | undefined }) {
  if (!answer || (!answer.ok && answer.errors?.length)) return null;
  return (
    <Text role={answer.ok ? "status" : "alert"} tone={answer.ok ? "success" : "danger"} weight="semibold">
      {answer.message}
    </Text>
  );
}

const PASSWORD_FIELDS = ["old_password", "new_password", "confirm_password"] as const;
const PROFILE_FIELDS = ["full_name", "designation", "team", "profile_photo"] as const;

/**
 * The change-password form; also the school app's update-school-password page (without Back),
 * which posts to itself (`action`) so that without JavaScript its answer comes with that page.
 */
export function ChangePasswordForm({
  csrf,
  onBack,
  action = "/profile",
}: {
  csrf: string;
  onBack?: () => void;
  action?: string;
}) {
  const fetcher = useFetcher<ProfileActionData>();
  const form = useZodForm(changePasswordBody, {
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
  });
  useServerAnswer(fetcher, PASSWORD_FIELDS, form.setError);
  const found = useFormAnswer(fetcher);
  const answer = found?.intent === "change-password" ? found : undefined;
  useEffect(() => {
    if (answer?.ok) form.reset();
  }, [answer, form]);
  // The rules that compare fields (new ≠ current, confirmation = new) must rerun when the other
  // field changes, not only when the field itself does.
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === "old_password" && form.getFieldState("new_password").isDirty) void form.trigger("new_password");
      if (name === "new_password" && form.getFieldState("confirm_password").isDirty)
        void form.trigger("confirm_password");
    });
    return () => subscription.unsubscribe();
  }, [form]);
  return (
    <Form
      form={form}
      action={action}
      errors={answer?.ok ? undefined : answer?.errors}
      onSubmit={(values) => fetcher.submit({ ...values, intent: "change-password", csrf }, { method: "post", action })}
    >
      <input type="hidden" name="intent" value="change-password" />
      <input type="hidden" name="csrf" value={csrf} />
      <Stack gap={4}>
        <Answer answer={answer} />
        <FormPasswordField name="old_password" label="Current password" autoComplete="current-password" />
        <FormPasswordField
          name="new_password"
          label="New password"
          autoComplete="new-password"
          hint="8 to 100 characters, with an uppercase and a lowercase letter, a number and one of !@#$%^&*"
        />
        <FormPasswordField name="confirm_password" label="Confirm new password" autoComplete="new-password" />
        <Stack direction="row" gap={3}>
          <FormSubmit loading={fetcher.state !== "idle"}>Change Password</FormSubmit>
          {onBack ? (
            <Button variant="ghost" onClick={onBack}>
              Back
            </Button>
          ) : null}
        </Stack>
      </Stack>
    </Form>
  );
}

const updateProfileForm = z.object({
  full_name: z.string().trim().min(1, "Full name is required").max(100, "Full name can be at most 100 characters"),
  designation: z.string().trim().max(100, "Designation can be at most 100 characters"),
  team: z.string().trim().max(100, "Team can be at most 100 characters"),
  profile_photo: z
    .instanceof(File)
    .refine((file) => file.size <= 2 * 1024 * 1024, "The photo must be at most 2 MB")
    .nullable(),
});

function UpdateProfileForm({ csrf, user, onBack }: { csrf: string; user: ProfileUser; onBack: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const form = useZodForm(updateProfileForm, {
    defaultValues: {
      full_name: user.profile.full_name ?? user.name,
      designation: user.profile.designation ?? "",
      team: user.profile.team ?? "",
      profile_photo: null,
    },
  });
  const answer = useServerAnswer(fetcher, PROFILE_FIELDS, form.setError);
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        const body = new FormData();
        body.set("intent", "update-profile");
        body.set("csrf", csrf);
        body.set("full_name", values.full_name);
        body.set("designation", values.designation);
        body.set("team", values.team);
        if (values.profile_photo) body.set("profile_photo", values.profile_photo);
        fetcher.submit(body, { method: "post", action: "/profile", encType: "multipart/form-data" });
      }}
    >
      <Stack gap={4}>
        <Answer answer={answer} />
        <FormTextField name="full_name" label="Full name" autoComplete="name" />
        <FormTextField name="designation" label="Designation" autoComplete="organization-title" />
        <FormTextField name="team" label="Team" />
        <FormFileInput
          name="profile_photo"
          label="Profile photo"
          accept={PROFILE_PHOTO_ACCEPT}
          hint="JPEG, JPG, GIF, PNG or BMP, at most 2 MB"
          typeError="Choose a JPEG, JPG, GIF, PNG or BMP image"
          currentImageUrl={user.avatarUrl ?? undefined}
        />
        <Stack direction="row" gap={3}>
          <FormSubmit loading={fetcher.state !== "idle"}>Save</FormSubmit>
          <Button variant="ghost" onClick={onBack}>
            Back
          </Button>
        </Stack>
      </Stack>
    </Form>
  );
}
