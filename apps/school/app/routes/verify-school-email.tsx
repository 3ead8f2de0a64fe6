import type { MetaFunction } from "@remix-run/node";
import { VerifyEmailScreen } from "../verify-email/VerifyEmailScreen";
import { verifyEmailAction, verifyEmailLoader } from "../verify-email/verify-email.server";

export const meta: MetaFunction = () => [{ title: "Verify your school's e-mail · School Portal" }];
export { verifyEmailAction as action, verifyEmailLoader as loader };
export default VerifyEmailScreen;
