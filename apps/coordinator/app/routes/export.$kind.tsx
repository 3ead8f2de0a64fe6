import type { ActionFunctionArgs } from "@remix-run/node";
import { exportAction } from "@repo/remix-app/exports/server";

/** A list's export (XLSX or CSV) with its filters, streamed from the API as a download. */
export const action = (args: ActionFunctionArgs) => exportAction(args);
