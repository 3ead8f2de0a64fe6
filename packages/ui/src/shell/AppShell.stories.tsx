import type { Meta, StoryObj } from "@storybook/react-vite";
import { createContext, type ReactNode, useContext, useState } from "react";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Badge } from "../badge/Badge";
import { Button } from "../button/Button";
import { Card } from "../card/Card";
import { Grid } from "../grid/Grid";
import { IconButton } from "../icon-button/IconButton";
import { StatCard } from "../stat-card/StatCard";
import { AppShell, type AppShellProps, type ShellLinkProps, UserMenuAction } from "./AppShell";
import { DemoLogo, demoMenu, demoUser } from "./demo";
import { isLayoutType } from "./layout";

// Stories route in memory: links change the shown location instead of leaving the page. The link
// component is defined once (stable identity, as in an app) and navigates through a context.
const Navigate = createContext<(href: string) => void>(() => {});

function StoryLink({ href, children, onClick, ...rest }: ShellLinkProps) {
  const navigate = useContext(Navigate);
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        event.preventDefault();
        navigate(href);
        onClick?.(event);
      }}
    >
      {children}
    </a>
  );
}

function RoutedShell({
  start,
  ...props
}: Omit<AppShellProps, "location" | "linkComponent" | "children"> & { start?: string }) {
  const [location, setLocation] = useState(start ?? "/paid-student");
  return (
    <Navigate.Provider value={setLocation}>
      <AppShell {...props} location={location} linkComponent={StoryLink}>
        <DemoPage />
      </AppShell>
    </Navigate.Provider>
  );
}

const batches = Array.from({ length: 14 }, (_, index) => index + 1);

function DemoPage(): ReactNode {
  return (
    <div style={{ display: "grid", gap: 24 }}>
      <Grid minItemWidth={220} aria-label="Summary" role="group">
        <StatCard
          label="Students registered"
          value="12,480"
          icon="users"
          trend={{ value: "8.2%", direction: "up", label: "this week" }}
        />
        <StatCard label="Fees collected" value="₹ 18.6 L" icon="credit-card" tone="info" />
        <StatCard label="Schools" value="642" icon="school" tone="warning" />
        <StatCard
          label="Unpaid students"
          value="1,205"
          icon="warning"
          tone="danger"
          trend={{ value: "2.1%", direction: "down" }}
        />
      </Grid>
      <Card
        title="Recent registrations"
        description="Students added in the last 7 days"
        headerActions={<Badge tone="success">Live</Badge>}
      >
        {batches.map((batch) => (
          <p key={batch} style={{ margin: "0 0 12px" }}>
            Registration batch {batch}: students from Pune, Nashik and Nagpur districts have been imported and are
            awaiting payment confirmation by their schools.
          </p>
        ))}
      </Card>
    </div>
  );
}

const userActions = (
  <>
    <UserMenuAction icon="user">My Profile</UserMenuAction>
    <UserMenuAction icon="logout">Sign Out</UserMenuAction>
  </>
);

const meta = {
  title: "Shell/AppShell",
  component: RoutedShell,
  parameters: { layout: "fullscreen" },
  args: {
    menu: demoMenu,
    headerTitle: "State Coordinator",
    logo: <DemoLogo />,
    user: demoUser,
    userActions,
    home: { title: "Home", path: "/admin-dashboard" },
    toolbar: (
      <Button size="sm" icon={undefined}>
        Create
      </Button>
    ),
    headerActions: <IconButton icon="bell" label="Notifications" />,
  },
} satisfies Meta<typeof RoutedShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Follows the toolbar's Layout switch. */
export const Playground: Story = {
  render: (args, { globals }) => (
    <RoutedShell {...args} layout={isLayoutType(globals.layout) ? globals.layout : "light-sidebar"} />
  ),
};

export const LightSidebar: Story = { args: { layout: "light-sidebar" } };
export const DarkSidebar: Story = { args: { layout: "dark-sidebar" } };
export const LightHeader: Story = { args: { layout: "light-header" } };
export const DarkHeader: Story = { args: { layout: "dark-header" } };

/** The sidebar shrinks to its icons; hovering (or tabbing into) it opens it over the content. */
export const MinimizedSidebar: Story = {
  args: { layout: "dark-sidebar", defaultMinimized: true },
};

/** The header shows the page title and breadcrumbs; the toolbar row is hidden. */
export const PageTitleInHeader: Story = { args: { layout: "light-sidebar", headerContent: "page-title" } };

/** The outbox role: no header, a small menu and a sign-out button at the foot of the sidebar. */
export const OutboxWithoutHeader: Story = {
  args: {
    hideHeader: true,
    start: "/outbox",
    menu: [
      { id: "outbox", title: "Outbox", path: "/outbox", icon: "inbox" },
      { id: "send-mail", title: "Send mail", path: "/send-mail", icon: "send" },
      { id: "templates", title: "Templates", path: "/templates", icon: "template" },
    ],
    sidebarFooter: (
      <Button variant="secondary" size="sm" fullWidth icon={undefined}>
        Sign out
      </Button>
    ),
  },
};

export const LoadingBarShown: Story = { args: { loading: true } };

/** Interactions: accordion groups, active link, page title and the user menu. */
export const Navigation: Story = {
  args: { layout: "light-sidebar" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = within(canvas.getAllByRole("navigation", { name: "Main" })[0] as HTMLElement);
    const schools = nav.getByRole("button", { name: "Schools" });
    await expect(schools).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(schools);
    await expect(schools).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(nav.getByRole("link", { name: "Paid schools" }));
    await waitFor(() => expect(canvas.getByRole("heading", { level: 1, name: "Paid schools" })).toBeVisible());
    await expect(nav.getByRole("link", { name: "Paid schools" })).toHaveAttribute("aria-current", "page");
    await userEvent.click(canvas.getByRole("button", { name: /Account menu/ }));
    await expect(canvas.getByText("anita.deshpande@example.org")).toBeVisible();
    await userEvent.keyboard("{Escape}");
    await expect(canvas.getByRole("button", { name: /Account menu/ })).toHaveFocus();
  },
};

/** Phones: the sidebar becomes a 225 px drawer behind the menu button. */
export const MobileDrawer: Story = {
  tags: ["mobile"],
  args: { layout: "light-sidebar" },
  parameters: { viewport: { defaultViewport: "mobile2" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = canvas.getByRole("button", { name: "Open menu" });
    if (!window.matchMedia("(max-width: 991.98px)").matches) return;
    await userEvent.click(open);
    const drawer = await canvas.findByRole("dialog", { name: "Menu" });
    await expect(within(drawer).getByRole("button", { name: "Close menu" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(open).toHaveFocus());
  },
};
