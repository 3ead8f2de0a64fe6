import { RefreshScreen } from "@repo/remix-app/helper-pages";

/** `/_refresh?to=…`: reloads a page of this app from scratch after a short overlay. */
export default RefreshScreen;
