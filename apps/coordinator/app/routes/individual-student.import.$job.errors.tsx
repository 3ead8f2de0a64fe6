import type { LoaderFunctionArgs } from "@remix-run/node";
import { sifErrorsLoader } from "../individual-students/individual-students.server";

/** The rows an individual students' import did not save, with their "Errors" column. */
export const loader = (args: LoaderFunctionArgs) => sifErrorsLoader(args);
