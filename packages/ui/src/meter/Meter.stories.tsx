import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { VisuallyHidden } from "../visually-hidden/VisuallyHidden";
import { Meter, MeterGrid, MeterItem } from "./Meter";

const meta = { title: "Components/Meter", component: Meter } satisfies Meta<typeof Meter>;
export default meta;
type Story = StoryObj<typeof meta>;

const languages = [
  ["hi", "Hindi", 40],
  ["ta", "Tamil", 10],
  ["ur", "Urdu", 0],
] as const;

/** Each language's share of a subject's 40 questions: a link to what is left where some is. */
export const Coverage: Story = {
  args: { label: "hi", count: "40/40", value: 100 },
  render: () => (
    <MeterGrid aria-label="Translations of Physics, class VI">
      {languages.map(([code, name, done]) => {
        const percent = Math.round((done / 40) * 100);
        const words = `${name}: ${done} of 40 translated (${percent}%)`;
        const meter = <Meter label={code} count={`${done}/40`} value={percent} />;
        return (
          <MeterItem key={code} title={words}>
            {done < 40 ? (
              <a href={`#${code}`}>
                {meter}
                <VisuallyHidden>{`${words}; show the questions not yet translated`}</VisuallyHidden>
              </a>
            ) : (
              <span>
                {meter}
                <VisuallyHidden>{words}</VisuallyHidden>
              </span>
            )}
          </MeterItem>
        );
      })}
    </MeterGrid>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3);
    await expect(canvas.getByRole("link", { name: /Tamil: 10 of 40 translated \(25%\)/ })).toBeVisible();
    // The bar is as full as the value: a quarter of its track.
    const tamil = canvas.getByRole("link", { name: /Tamil/ });
    const track = tamil.querySelector("span[aria-hidden] + span") as HTMLElement;
    const fill = track.firstElementChild as HTMLElement;
    await expect(fill.getBoundingClientRect().width / track.getBoundingClientRect().width).toBeCloseTo(0.25, 1);
  },
};
