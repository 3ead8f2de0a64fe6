import type { ActionFunctionArgs } from "@remix-run/node";
import { schoolImportAction } from "../student-import/student-import.server";

/** A master institute's schools spreadsheet: a preview, or the import job it starts. */
export const action = (args: ActionFunctionArgs) => schoolImportAction(args);
