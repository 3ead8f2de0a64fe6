import type { MetaFunction } from "@remix-run/node";
import { VerifyScreen } from "../verify/VerifyScreen";
import { verifyLoader } from "../verify/verify.server";

export const meta: MetaFunction = () => [{ title: "Check a certificate · Exam Portal" }];
export { verifyLoader as loader };
export default VerifyScreen;
