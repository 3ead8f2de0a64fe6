import { ErrorScreen } from "@repo/remix-app/helper-pages";

export default ErrorScreen;
