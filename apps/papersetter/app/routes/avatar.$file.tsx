import type { LoaderFunctionArgs } from "@remix-run/node";
import { avatarLoader } from "@repo/remix-app/shell/server";

/** The signed-in user's profile photo, proxied from the API with their token. */
export const loader = (args: LoaderFunctionArgs) => avatarLoader(args);
