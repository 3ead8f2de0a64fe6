// Runs in Node (no DOM): the shell renders on the server, styled, with no browser API touched.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getCssText, globalStyles } from "../theme/stitches";
import { AppShell } from "./AppShell";
import { demoMenu, demoUser } from "./demo";
import { LAYOUT_TYPES } from "./layout";

describe("AppShell on the server", () => {
  it.each(LAYOUT_TYPES)("renders the %s layout with its title, menu and styles", (layout) => {
    expect(typeof window).toBe("undefined");
    globalStyles();
    const html = renderToString(
      <AppShell
        menu={demoMenu}
        location="/paid-student"
        layout={layout}
        headerTitle="State Coordinator"
        user={demoUser}
      >
        <p>Content</p>
      </AppShell>,
    );
    expect(html).toContain(`data-layout="${layout}"`);
    expect(html).toMatch(/<h1[^>]*>Paid students<\/h1>/);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("<main");
    // The server's CSS carries the theme and the shell's classes.
    expect(getCssText()).toContain("--colors-primary:#50CD89");
    expect(getCssText()).toContain("--shell-sidebar");
  });
});
