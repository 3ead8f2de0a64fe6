import type { LoaderFunctionArgs } from "@remix-run/node";
import { studentImportErrorsLoader } from "../student-import/student-import.server";

/** The rows a bulk student import did not save, with their "Errors" column. */
export const loader = (args: LoaderFunctionArgs) => studentImportErrorsLoader(args);
