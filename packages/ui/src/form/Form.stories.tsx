import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Card } from "../card/Card";
import { PROFILE_PHOTO_ACCEPT } from "../file-input/accept";
import { Stack } from "../stack/Stack";
import { changePasswordSchema, profileSchema } from "./demo-schemas";
import {
  Form,
  FormCheckbox,
  FormFileInput,
  FormMultiSelect,
  FormPasswordField,
  FormSelect,
  FormSubmit,
  FormTextField,
  useZodForm,
} from "./Form";

function ChangePasswordForm() {
  const [done, setDone] = useState(false);
  const form = useZodForm(changePasswordSchema, {
    defaultValues: { old_password: "", new_password: "", confirm_password: "" },
  });
  return (
    <Card title="Change password">
      <Form form={form} onSubmit={() => setDone(true)} aria-label="Change password">
        <Stack gap={4}>
          <FormPasswordField name="old_password" label="Current password" required />
          <FormPasswordField
            name="new_password"
            label="New password"
            autoComplete="new-password"
            required
            hint="8 to 100 characters with upper and lower case letters, a number and one of !@#$%^&*"
          />
          <FormPasswordField name="confirm_password" label="Confirm password" autoComplete="new-password" required />
          <Stack direction="row" gap={3} align="center">
            <FormSubmit>Change password</FormSubmit>
            {done ? <output>Password changed</output> : null}
          </Stack>
        </Stack>
      </Form>
    </Card>
  );
}

function ProfileForm() {
  const form = useZodForm(profileSchema, {
    defaultValues: { full_name: "Anita Deshpande", designation: "", team: "", states: [] },
  });
  return (
    <Card title="Update profile">
      <Form form={form} onSubmit={() => {}}>
        <Stack gap={4}>
          <FormTextField name="full_name" label="Full name" required />
          <FormTextField name="designation" label="Designation" />
          <FormSelect
            name="team"
            label="Team"
            placeholder="Select a team"
            options={[
              { value: "exam", label: "Exam cell" },
              { value: "outreach", label: "Outreach" },
            ]}
          />
          <FormMultiSelect
            name="states"
            label="States"
            placeholder="Select states"
            options={["Maharashtra", "Gujarat", "Goa"].map((label) => ({ value: label, label }))}
          />
          <FormFileInput name="profile_photo" label="Profile photo" accept={PROFILE_PHOTO_ACCEPT} />
          <FormCheckbox name="agree" label="The details above are correct" />
          <div>
            <FormSubmit>Save profile</FormSubmit>
          </div>
        </Stack>
      </Form>
    </Card>
  );
}

const meta = {
  title: "Forms/Form",
  component: ChangePasswordForm,
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Errors once touched or changed; submit disabled while invalid. */
export const ChangePassword: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const submit = canvas.getByRole("button", { name: "Change password" });
    await waitFor(() => expect(submit).toBeDisabled());
    await userEvent.type(canvas.getByLabelText(/^New password/), "short");
    await expect(await canvas.findByText("Password should have at least 8 symbols")).toBeVisible();
    await userEvent.clear(canvas.getByLabelText(/^New password/));
    await userEvent.type(canvas.getByLabelText(/^Current password/), "Old@12345");
    await userEvent.type(canvas.getByLabelText(/^New password/), "New@12345");
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), "New@12345");
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await expect(await canvas.findByText("Password changed")).toBeVisible();
  },
};

export const UpdateProfile: Story = { render: () => <ProfileForm /> };
