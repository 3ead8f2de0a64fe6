import type { LoaderFunctionArgs } from "@remix-run/node";
import { CONTENT_FILE_KINDS, type ContentFileKind } from "@repo/contracts/content-constants";
import { refusedDownload } from "@repo/remix-app/downloads/server";
import { contentFileLoader } from "../content-files/content-files.server";

/** An item's stored PDF, for editors to check an upload (a resource route: no page). */
export function loader(args: LoaderFunctionArgs) {
  const kind = args.params.kind as ContentFileKind;
  if (!CONTENT_FILE_KINDS.includes(kind)) return refusedDownload("There is no such file.", 404);
  return contentFileLoader(kind, args);
}
