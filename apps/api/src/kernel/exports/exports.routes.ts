import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../context";
import { signedIn } from "../auth/middleware";
import { apiRoute, errorResponse } from "../http/routes";
import { reportDb } from "../read-replica";
import { CSV_TYPE, XLSX_TYPE } from "../spreadsheets/index";
import { EXPORT_FORMATS, type ExportRegistry, startExport } from "./exports";

const exportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: "Choose the format: xlsx or csv" })
    .default("xlsx")
    .openapi({ param: { name: "format", in: "query" }, example: "xlsx" }),
});

/** The list's filters; each kind checks them with the list's own schema. */
const filterValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);
const exportFilters = z
  .object({})
  .catchall(filterValue)
  .openapi({ description: "The list's filters, as for the list itself", example: { search: "sharma" } });

const binary = z.string().openapi({ format: "binary" });

/** Routes for POST /api/export/{kind}: every list of the registry as XLSX or CSV. */
export function registerExportRoutes(app: OpenAPIHono<AppEnv>, kinds: ExportRegistry) {
  const exportParams = z.object({
    kind: z.string().openapi({
      param: { name: "kind", in: "path", required: true },
      example: "students",
      enum: Object.keys(kinds),
    }),
  });

  // Written from the registry so that the document names every kind a screen can export.
  const KIND_PERMISSIONS = Object.entries(kinds)
    .map(([name, kind]) => `${name} (${kind.permissions.join(" or ")})`)
    .join(", ");

  app.openapi(
    // Signed-in callers; each kind then names the list permissions that may export it.
    apiRoute("self.profile", {
      method: "post",
      path: "/api/export/{kind}",
      tags: ["Exports"],
      summary: "Export a list as XLSX or CSV",
      description: `The body is the list's own filters (JSON, as for the list; paging fields are not accepted: the whole filtered list is exported). The rows are scoped exactly like the list. The file is streamed as an attachment; CSV is UTF-8 with a BOM; a field that a spreadsheet would run as a formula (starting with = @ tab or CR, or with + or - not followed by a plain number) is prefixed with a quote, and nothing else is. XLSX text cells hold their text exactly (a text cell is never run). Kinds and the list permission that exports each: ${KIND_PERMISSIONS}.`,
      request: {
        params: exportParams,
        query: exportQuery,
        body: { content: { "application/json": { schema: exportFilters } }, required: false },
      },
      responses: {
        200: {
          description: "The file",
          content: { [XLSX_TYPE]: { schema: binary }, [CSV_TYPE]: { schema: binary } },
        },
        404: errorResponse("No such kind of export"),
      },
    }),
    async (c) => {
      const { kind } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const file = await startExport(
        kinds,
        c.var.services.database.db,
        signedIn(c),
        kind,
        format,
        // Absent when the request has no JSON body: the whole list.
        c.req.valid("json") ?? {},
        // Exports change nothing; the kinds marked replica-safe read here (decision 067).
        { reports: reportDb(c) },
      );
      return c.body(file.body, 200, {
        "Content-Type": file.contentType,
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
    },
  );
}
