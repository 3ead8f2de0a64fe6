import type { MetaFunction } from "@remix-run/node";
import { SifRegisterScreen } from "../sif/SifRegisterScreen";
import { sifRegisterAction, sifRegisterLoader } from "../sif/sif.server";

export const meta: MetaFunction = () => [{ title: "Register as a student · School Portal" }];
export { sifRegisterAction as action, sifRegisterLoader as loader };
export default SifRegisterScreen;
