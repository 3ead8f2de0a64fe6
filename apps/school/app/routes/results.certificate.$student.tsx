import { certificateLoader } from "../results/results.server";

/** A student's certificate PDF (a resource route: no page). */
export { certificateLoader as loader };
