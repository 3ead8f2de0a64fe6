// How every headless Chromium of the project is started: the API's PDF renderer, the test suites
// (scripts/test-browser.ts) and the Lighthouse bench. Debian's binary, because Playwright's own
// browser download cannot run on this network.

/** Debian's full Chromium: what the PDF renderer drives unless CHROMIUM_PATH says otherwise. */
export const DEBIAN_CHROMIUM = "/usr/bin/chromium";

/** What a headless Chromium in a container needs, and nothing that phones home. */
export const HEADLESS_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
