import type { LoaderFunctionArgs } from "@remix-run/node";
import { importErrorsLoader } from "../student-import/student-import.server";

/** The errors file of one of the user's imports (XLSX), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => importErrorsLoader(args);
