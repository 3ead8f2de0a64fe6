import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { signedIn } from "../auth/middleware";
import type { AppEnv } from "../context";
import { apiRoute, errorResponse } from "../http/routes";
import { optionalJson } from "../http/validation";
import { EXPORT_FORMATS, EXPORT_KINDS, startExport } from "../services/exports";
import { CSV_TYPE, XLSX_TYPE } from "../services/spreadsheets/index";

const exportParams = z.object({
  kind: z.string().openapi({
    param: { name: "kind", in: "path", required: true },
    example: "students",
    enum: Object.keys(EXPORT_KINDS),
  }),
});

const exportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: "Choose the format: xlsx or csv" })
    .default("xlsx")
    .openapi({ param: { name: "format", in: "query" }, example: "xlsx" }),
});

const binary = z.string().openapi({ format: "binary" });

/** Routes for POST /api/export/{kind}: every list as XLSX or CSV. */
export function registerExportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(
    // Signed-in callers; each kind then names the list permissions that may export it.
    apiRoute("self.profile", {
      method: "post",
      path: "/api/export/{kind}",
      tags: ["Exports"],
      summary: "Export a list as XLSX or CSV",
      description:
        "The body is the list's own filters (JSON, as for the list; paging fields are not accepted: the whole filtered list is exported). The rows are scoped exactly like the list. The file is streamed as an attachment; CSV is UTF-8 with a BOM; cells that start with = + - or @ are prefixed with a quote so that no spreadsheet runs them as formulas. Kinds: students (permission students.view); the content lists study-materials, brochure-downloads, brochure-flipbooks, important-dates, frontend-pattern, lecture-series, syllabus and notifications (permission content.manage).",
      request: { params: exportParams, query: exportQuery },
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
        c.var.services.database.db,
        signedIn(c),
        kind,
        format,
        await optionalJson(c.req.raw.clone()),
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
