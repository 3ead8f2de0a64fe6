import "@repo/remix-app/auth.server"; // refuse to serve with a bad configuration

// The render timeout goes with the render: Remix reads `streamTimeout` from this module.
export { default, streamTimeout } from "@repo/remix-app/entry.server";
