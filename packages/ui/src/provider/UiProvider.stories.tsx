import type { Meta, StoryObj } from "@storybook/react-vite";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../tabs/Tabs";
import { UiProvider } from "./UiProvider";

const meta = { title: "Foundations/UiProvider", component: UiProvider, args: { children: null } } satisfies Meta<
  typeof UiProvider
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Right to left: the tab order and arrow keys follow the reading direction. */
export const RightToLeft: Story = {
  render: () => (
    <div dir="rtl" lang="ur">
      <UiProvider dir="rtl">
        <Tabs defaultValue="a">
          <TabsList aria-label="سوالات">
            <TabsTrigger value="a">سطح اول</TabsTrigger>
            <TabsTrigger value="b">سطح دوم</TabsTrigger>
            <TabsTrigger value="c">مشق</TabsTrigger>
          </TabsList>
          <TabsContent value="a">سطح اول کے سوالات</TabsContent>
          <TabsContent value="b">سطح دوم کے سوالات</TabsContent>
          <TabsContent value="c">مشق کے سوالات</TabsContent>
        </Tabs>
      </UiProvider>
    </div>
  ),
};
