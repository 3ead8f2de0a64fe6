import { admitCardLoader } from "../student-area/student-area.server";

/** The student's admit card PDF of a level (a resource route: no page). */
export { admitCardLoader as loader };
