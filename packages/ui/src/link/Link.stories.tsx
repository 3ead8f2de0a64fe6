import type { Meta, StoryObj } from "@storybook/react-vite";
import { Link } from "./Link";

const meta = {
  title: "Components/Link",
  component: Link,
  args: { href: "#bank-details", children: "Update bank details" },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Muted: Story = { args: { tone: "muted", underline: "hover", children: "Forgot password?" } };
export const External: Story = {
  args: { href: "https://example.org", external: true, children: "Programme brochure" },
};
export const InText: Story = {
  render: () => (
    <p style={{ maxWidth: 520 }}>
      Fees can be paid online. If a payment failed, see the <Link href="#payment-history">payment history</Link> before
      paying again, or <Link href="#contact">contact the programme office</Link>.
    </p>
  ),
};
/** A whole card that opens what it counts. */
export const Block: Story = {
  args: {
    block: true,
    children: (
      <span style={{ display: "block", padding: 16, border: "1px solid #E4E6EF", borderRadius: 10 }}>
        Students registered: 42
      </span>
    ),
  },
};
