import type { ActionFunctionArgs } from "@remix-run/node";
import { studentImportUploadAction } from "../student-import/student-import.server";

/** The bulk student import's spreadsheet upload (a resource route): a preview, or the import job. */
export const action = (args: ActionFunctionArgs) => studentImportUploadAction(args);
