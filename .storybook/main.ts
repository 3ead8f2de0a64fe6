import type { StorybookConfig } from "@storybook/react-vite";

// Storybook for packages/ui (and the few data-free pieces packages/remix-app shares, such as
// the list Export menu): the designers' home and, built statically, the surface that
// packages/ui/test/stories.spec.ts renders and checks with axe.
const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../packages/ui/src/**/*.stories.@(ts|tsx)", "../packages/remix-app/src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-a11y"],
  // Local demo assets (e.g. a profile picture), so stories never need the network.
  staticDirs: ["./public"],
  // Telemetry tries the network and costs seconds offline.
  core: { disableTelemetry: true },
  typescript: { reactDocgen: "react-docgen" },
  viteFinal(viteConfig) {
    // Radix marks its modules "use client" (a React Server Components hint Vite cannot use): quiet.
    const build = viteConfig.build ?? {};
    const rollupOptions = build.rollupOptions ?? {};
    const previous = rollupOptions.onwarn;
    viteConfig.build = {
      ...build,
      chunkSizeWarningLimit: 2000,
      rollupOptions: {
        ...rollupOptions,
        onwarn(warning, warn) {
          if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
          if (previous) previous(warning, warn);
          else warn(warning);
        },
      },
    };
    return viteConfig;
  },
};

export default config;
