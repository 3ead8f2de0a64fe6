import { ErrorScreen } from "@repo/remix-app/screens/utility";

export default ErrorScreen;
