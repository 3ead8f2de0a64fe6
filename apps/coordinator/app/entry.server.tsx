import "@repo/remix-app/auth.server"; // refuse to serve with a bad configuration

export { default } from "@repo/remix-app/entry.server";
