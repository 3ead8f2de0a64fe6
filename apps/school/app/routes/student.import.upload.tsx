import type { ActionFunctionArgs } from "@remix-run/node";
import { studentImportAction } from "../student-import/student-import.server";

/** The spreadsheet upload of the Add Students page: a preview, or the import job it starts. */
export const action = (args: ActionFunctionArgs) => studentImportAction(args);
