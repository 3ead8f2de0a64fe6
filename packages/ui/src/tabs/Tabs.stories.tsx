import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./Tabs";

const meta = { title: "Components/Tabs", component: Tabs } satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The three views of the user modal: profile card, change password, update profile. */
export const UserModalViews: Story = {
  render: () => (
    <Tabs defaultValue="profile" style={{ maxWidth: 560 }}>
      <TabsList aria-label="My account">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="password">Change password</TabsTrigger>
        <TabsTrigger value="update">Update profile</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">Anita Deshpande · State Coordinator · Maharashtra</TabsContent>
      <TabsContent value="password">Old password, new password and confirmation.</TabsContent>
      <TabsContent value="update">Full name, designation, team and photo.</TabsContent>
    </Tabs>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("tab", { name: "Profile" }));
    await userEvent.keyboard("{ArrowRight}");
    await expect(canvas.getByRole("tab", { name: "Change password" })).toHaveAttribute("aria-selected", "true");
  },
};
