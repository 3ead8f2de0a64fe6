/** The formats POST /api/export/{kind} writes. */
export type ExportFormat = "xlsx" | "csv";

/** docs/domain.md, Shell behaviour: a failed export says "Export Failed" with the server's message or "Please try again". */
export const EXPORT_FAILED_TITLE = "Export Failed";
export const EXPORT_FAILED_TEXT = "Please try again";

/** The app's export route for a kind of list (each app has `routes/export.$kind.tsx`). */
export const exportPath = (kind: string) => `/export/${encodeURIComponent(kind)}`;
