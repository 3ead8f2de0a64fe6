import type { Meta, StoryObj } from "@storybook/react-vite";
import { useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Button } from "../button/Button";
import { Card } from "../card/Card";
import { Stack } from "../stack/Stack";
import { RouteTransition } from "./RouteTransition";

const pages = ["level1-dashboard", "level1-questions", "mock-dashboard"] as const;

function Demo() {
  const [page, setPage] = useState<(typeof pages)[number]>("level1-dashboard");
  return (
    <Stack gap={4}>
      <Stack direction="row" gap={2}>
        {pages.map((name) => (
          <Button key={name} size="sm" variant={name === page ? "primary" : "secondary"} onClick={() => setPage(name)}>
            {name}
          </Button>
        ))}
      </Stack>
      <RouteTransition routeKey={page} pageName={page} slidePairs={[["level1-dashboard", "level1-questions"]]}>
        <Card title={page}>Level 1 dashboard and questions slide; any other change fades.</Card>
      </RouteTransition>
    </Stack>
  );
}

const meta = { title: "Shell/RouteTransition", component: Demo } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SlideAndFade: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "level1-questions" }));
    await waitFor(() => expect(canvas.getByRole("heading", { name: "level1-questions" })).toBeVisible());
  },
};
