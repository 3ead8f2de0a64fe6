import type { Meta, StoryObj } from "@storybook/react-vite";
import { styled } from "../theme/stitches";
import { Icon, type IconName, iconPaths } from "./Icon";

const Gallery = styled("ul", {
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(120px, 1fr))",
  gap: "$3",
});
const Tile = styled("li", {
  display: "grid",
  placeItems: "center",
  gap: "$2",
  padding: "$4 $2",
  borderRadius: "$md",
  backgroundColor: "$surface",
  border: "1px solid $border",
  color: "$gray800",
  fontSize: "$sm",
});

const meta = { title: "Foundations/Icons", component: Icon, args: { name: "home" } } satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AllIcons: Story = {
  render: () => (
    <Gallery>
      {(Object.keys(iconPaths) as IconName[]).map((name) => (
        <Tile key={name}>
          <Icon name={name} size={24} />
          <code>{name}</code>
        </Tile>
      ))}
    </Gallery>
  ),
};
export const Labelled: Story = { args: { name: "warning", label: "Warning", size: 32 } };
