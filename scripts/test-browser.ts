// The Chromium that the Playwright suites (end-to-end and stories) drive, written once for both
// configs. Playwright's own browser download cannot run on this network, so Debian's is used.
// Debian's `chromium-headless-shell` first: the same Chromium without the full browser's UI
// layers, which is what Playwright itself runs for headless tests. On two cores the suites are
// CPU-bound and the browser is their largest consumer; the headless shell cut a 38-test sample of
// the end-to-end suite from 131 s to 97-102 s (docs/decisions/043-test-browser.md).
import { existsSync } from "node:fs";
import { DEBIAN_CHROMIUM } from "../apps/api/src/kernel/chromium";

// The flags are the API's PDF renderer's.
export { HEADLESS_CHROMIUM_ARGS } from "../apps/api/src/kernel/chromium";

const CANDIDATES = ["/usr/bin/chromium-headless-shell", DEBIAN_CHROMIUM];

/** CHROMIUM_PATH when set, else the first of Debian's binaries that is installed, else Playwright's own. */
export function testChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((path) => existsSync(path));
}
