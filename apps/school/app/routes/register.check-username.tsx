import { checkUsernameAction } from "../register/register.server";

/** The registration form's username check (a resource route). */
export { checkUsernameAction as action };
