import type { LoaderFunctionArgs } from "@remix-run/node";
import { schoolErrorsLoader } from "../student-import/student-import.server";

/** The errors file of one of the master institute's schools imports (XLSX), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => schoolErrorsLoader(args);
