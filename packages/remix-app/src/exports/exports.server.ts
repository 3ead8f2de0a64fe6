import type { ActionFunctionArgs } from "@remix-run/node";
import type { operations } from "@repo/api-client/schema";
import { auth } from "../auth.server";
import { messageOf, refusalOf, streamDownload } from "../downloads/downloads.server";
import { EXPORT_FAILED_TEXT, type ExportFormat } from "./export-path";

type ExportKind = operations["postExportByKind"]["parameters"]["path"]["kind"];
type ExportFilters = NonNullable<operations["postExportByKind"]["requestBody"]>["content"]["application/json"];

const refuse = (message: string, status: number) =>
  Response.json({ status: false, message }, { status, headers: { "Cache-Control": "no-store" } });

/**
 * /export/<kind> (POST, from ExportMenu): the list's filters to POST /api/export/{kind} with the
 * user's token, and the file streamed back as a download. The API decides who may export which
 * kind and scopes the rows like the list; a refusal answers JSON `{ message }` for the dialog.
 */
export async function exportAction({ request, context, params }: ActionFunctionArgs) {
  const form = await auth.readForm(request, context);
  // Any signed-in page may export; the API checks the kind's own list permission.
  const guard = await refusalOf(auth.requireAction(request, context, form, "self.profile"));
  if ("refused" in guard) return refuse(await guard.refused.text(), guard.refused.status);
  const format: ExportFormat = form.get("format") === "csv" ? "csv" : "xlsx";
  let filters: unknown;
  try {
    filters = JSON.parse(String(form.get("filters") ?? "{}"));
  } catch {
    filters = undefined;
  }
  if (!filters || typeof filters !== "object" || Array.isArray(filters)) {
    return refuse("The list's filters could not be read. Reload the page and try again.", 400);
  }
  const { data, error, response } = await guard.api.POST("/api/export/{kind}", {
    // Any kind goes to the API, which answers 404 for one it does not know.
    params: { path: { kind: String(params.kind) as ExportKind }, query: { format } },
    // The list's filters; the API checks them with the list's own schema.
    body: filters as ExportFilters,
    parseAs: "stream",
  });
  if (!data) return refuse(messageOf(error, EXPORT_FAILED_TEXT), response.ok ? 502 : response.status);
  return streamDownload(response);
}
