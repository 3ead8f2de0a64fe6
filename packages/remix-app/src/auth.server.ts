import { appEnvSchema } from "@repo/auth/env";
import { createAppAuth } from "@repo/auth/remix";
import { loadEnvOrExit } from "@repo/contracts/env";
import { APP_ID } from "./app-id";

/** This app's configuration, parsed once; a bad variable stops the server with its name. */
export const env = loadEnvOrExit(APP_ID, appEnvSchema(APP_ID));

/** Sign-in, guards and sessions of the app this module is built into. */
export const auth = createAppAuth(APP_ID, env);
