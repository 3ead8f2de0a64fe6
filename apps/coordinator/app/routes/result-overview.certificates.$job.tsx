import { coordinatorBulkFileLoader } from "../certificates/certificates.server";

/** A finished bulk run's certificates, PDF or zip (a resource route: no page). */
export { coordinatorBulkFileLoader as loader };
