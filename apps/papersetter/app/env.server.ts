import { appEnvSchema } from "@repo/auth/env";
import { loadEnvOrExit } from "@repo/contracts/env";

/** This app's configuration, parsed once; a bad variable stops the server with its name. */
export const env = loadEnvOrExit("papersetter", appEnvSchema("papersetter"));
