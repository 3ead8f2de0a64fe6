import { VerifySchoolEmailScreen } from "@repo/remix-app/screens/utility";

export default VerifySchoolEmailScreen;
