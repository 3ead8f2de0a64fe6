import type { LoaderFunctionArgs } from "@remix-run/node";
import { importTemplateLoader } from "../student-import/student-import.server";

/** The students import template (XLSX), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => importTemplateLoader(args);
