import { VerifySchoolEmailScreen } from "@repo/remix-app/helper-pages";

export default VerifySchoolEmailScreen;
