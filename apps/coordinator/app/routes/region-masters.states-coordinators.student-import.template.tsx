import type { LoaderFunctionArgs } from "@remix-run/node";
import { studentImportTemplateLoader } from "../student-import/student-import.server";

/** The bulk student import's template (XLSX, with the region's schools), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => studentImportTemplateLoader(args);
