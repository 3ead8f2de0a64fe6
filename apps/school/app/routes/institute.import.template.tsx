import type { LoaderFunctionArgs } from "@remix-run/node";
import { schoolTemplateLoader } from "../student-import/student-import.server";

/** The schools import template (XLSX), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => schoolTemplateLoader(args);
