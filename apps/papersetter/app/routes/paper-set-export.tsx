import { paperSetExportAction } from "../paper-sets/paper-set.server";

/** A paper set's question paper or answer key, PDF or DOCX, in one language (a resource route: no page). */
export { paperSetExportAction as action };
