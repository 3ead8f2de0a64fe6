import { sifSchoolsLoader } from "../sif/sif.server";

/** The registration's school search (a resource route). */
export { sifSchoolsLoader as loader };
