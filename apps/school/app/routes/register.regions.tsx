import { registerRegionsLoader } from "../register/register.server";

/** The registration pickers' options (a resource route). */
export { registerRegionsLoader as loader };
