import type { LoaderFunctionArgs } from "@remix-run/node";
import { sifTemplateLoader } from "../individual-students/individual-students.server";

/** The individual students' import template (XLSX), streamed from the API. */
export const loader = (args: LoaderFunctionArgs) => sifTemplateLoader(args);
