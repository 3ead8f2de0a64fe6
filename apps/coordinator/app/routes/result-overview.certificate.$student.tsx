import { coordinatorCertificateLoader } from "../certificates/certificates.server";

/** A student's certificate PDF, scoped to the viewer's region (a resource route: no page). */
export { coordinatorCertificateLoader as loader };
