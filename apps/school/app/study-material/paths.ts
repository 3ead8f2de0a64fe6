import type { ContentFileKind } from "@repo/contracts/content-constants";

/** Where a reader opens (or, with download, saves) an item's PDF: this app's resource route. */
export const readerFilePath = (kind: ContentFileKind, id: number, download = false) =>
  `/study-material/file/${kind}/${id}${download ? "?download=1" : ""}`;
