import type { MetaFunction } from "@remix-run/node";
import { RegisterScreen } from "../register/RegisterScreen";
import { registerAction, registerLoader } from "../register/register.server";

export const meta: MetaFunction = () => [{ title: "Register your school · School Portal" }];
export { registerAction as action, registerLoader as loader };
export default RegisterScreen;
