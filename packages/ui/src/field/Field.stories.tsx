import type { Meta, StoryObj } from "@storybook/react-vite";
import { Field, useFieldIds } from "./Field";

function CustomControl() {
  const ids = useFieldIds(
    undefined,
    "Any control can sit in a Field: it gets the label, hint and error wiring.",
    undefined,
  );
  return (
    <Field
      ids={ids}
      label="Roll number"
      hint="Any control can sit in a Field: it gets the label, hint and error wiring."
    >
      <input id={ids.inputId} aria-describedby={ids.describedBy} style={{ padding: 8 }} />
    </Field>
  );
}

const meta = { title: "Forms/Field", component: CustomControl } satisfies Meta<typeof CustomControl>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Anatomy: Story = {};
