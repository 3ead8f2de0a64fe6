import type { ActionFunctionArgs } from "@remix-run/node";
import { sifImportAction } from "../individual-students/individual-students.server";

/** The individual students' spreadsheet upload (a resource route). */
export const action = (args: ActionFunctionArgs) => sifImportAction(args);
