import { RefreshScreen } from "@repo/remix-app/screens/utility";

/** `/_refresh?to=…`: reloads a page of this app from scratch after a short overlay. */
export default RefreshScreen;
