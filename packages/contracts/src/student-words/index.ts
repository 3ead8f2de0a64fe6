import type { LanguageCode } from "../languages";
import { as } from "./as";
import { bn } from "./bn";
import { en, type StudentWords } from "./en";
import { gu } from "./gu";
import { hi } from "./hi";
import { kn } from "./kn";
import { ml } from "./ml";
import { mr } from "./mr";
import { or } from "./or";
import { pa } from "./pa";
import { sa } from "./sa";
import { ta } from "./ta";
import { te } from "./te";
import { ur } from "./ur";

/**
 * Every language's dictionary (decision 025, issue 35 item 7). They stay on the server: a page
 * gets its own language's words with its data.
 */
export const WORDS: Record<LanguageCode, StudentWords> = { en, hi, ta, te, kn, ml, mr, gu, pa, bn, or, as, sa, ur };

export type { StudentWords };
