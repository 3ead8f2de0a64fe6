import { bulkFileLoader } from "../results/results.server";

/** A finished bulk run's certificates, PDF or zip (a resource route: no page). */
export { bulkFileLoader as loader };
