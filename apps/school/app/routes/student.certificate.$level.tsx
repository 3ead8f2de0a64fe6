import { ownCertificateLoader } from "../student-area/student-area.server";

/** The student's own certificate PDF of a level (a resource route: no page). */
export { ownCertificateLoader as loader };
