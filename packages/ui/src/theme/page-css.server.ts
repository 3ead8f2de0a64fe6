import { cssForPage } from "./page-css";
import { getCssText } from "./stitches";

/**
 * The CSS of one server-rendered page: what its HTML uses of every rule made so far (decision 073).
 * Its own entry, for servers only, so that the parser stays out of the pages' bundles.
 */
export const pageCssText = (html: string) => cssForPage(getCssText(), html);
