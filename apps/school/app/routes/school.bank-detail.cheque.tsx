import { chequeLoader } from "../bank-details/bank-details.server";

/** The cancelled cheque on file, as a download (a resource route: no page). */
export { chequeLoader as loader };
