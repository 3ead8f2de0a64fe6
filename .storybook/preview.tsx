import type { Decorator, Preview } from "@storybook/react-vite";
import "../packages/ui/src/fonts/fonts";
import { LAYOUT_TYPES } from "../packages/ui/src/shell/layout";
import { type ColorMode, colorModeClassName, globalStyles } from "../packages/ui/src/theme/stitches";

// Theme and direction apply to the whole document, as the apps do on <html>.
const withDocumentSettings: Decorator = (Story, context) => {
  const mode: ColorMode = context.globals.theme === "dark" ? "dark" : "light";
  const root = document.documentElement;
  root.className = colorModeClassName(mode);
  root.dir = context.globals.direction === "rtl" ? "rtl" : "ltr";
  root.lang = context.globals.direction === "rtl" ? "ur" : "en";
  globalStyles();
  return <Story />;
};

// Under automation (Playwright sets navigator.webdriver) packages/ui/test/stories.spec.ts runs
// axe itself, so the addon's own run after every story is skipped there; designers keep it.
const automated = typeof navigator !== "undefined" && navigator.webdriver === true;

const preview: Preview = {
  globalTypes: {
    theme: {
      description: "Colour mode",
      toolbar: {
        title: "Theme",
        icon: "mirror",
        items: [
          { value: "light", title: "Light", icon: "sun" },
          { value: "dark", title: "Dark", icon: "moon" },
        ],
        dynamicTitle: true,
      },
    },
    direction: {
      description: "Text direction",
      toolbar: {
        title: "Direction",
        icon: "transfer",
        items: [
          { value: "ltr", title: "Left to right" },
          { value: "rtl", title: "Right to left" },
        ],
        dynamicTitle: true,
      },
    },
    layout: {
      description: "Shell layout variant (shell stories)",
      toolbar: {
        title: "Layout",
        icon: "sidebar",
        items: LAYOUT_TYPES.map((value) => ({ value, title: value })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: "light", direction: "ltr", layout: "light-sidebar", a11y: { manual: automated } },
  decorators: [withDocumentSettings],
  parameters: {
    layout: "padded",
    controls: { expanded: true },
    a11y: { test: "error" },
    options: { storySort: { order: ["Foundations", "Shell", "Components", "Forms", "Data", "Rich text", "Charts"] } },
  },
};

export default preview;
