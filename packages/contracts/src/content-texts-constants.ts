/**
 * The text content that LMS staff and admins publish for schools (docs/domain.md, Content): important
 * dates, the question-paper pattern, lecture series and syllabus. Plain values only, no zod, so
 * list screens can use them in their first view (docs/decisions/007-contracts-constants-without-zod.md).
 */

/** The exam levels content belongs to; the API's `syllabus_type` and `exam_level` (1 = Level I). */
export const EXAM_LEVEL_TYPES = [
  { value: 1, name: "Level I" },
  { value: 2, name: "Level II" },
] as const;
export type ExamLevelType = (typeof EXAM_LEVEL_TYPES)[number]["value"];

export function examLevelName(value: number | null | undefined): string {
  return EXAM_LEVEL_TYPES.find((level) => level.value === value)?.name ?? "All levels";
}

/** Who an important date is for: every school, or only the schools of the GCC zone (the `-gcc` pages). */
export const IMPORTANT_DATE_AUDIENCES = [
  { code: "all", name: "All schools" },
  { code: "gcc", name: "GCC schools" },
] as const;
export type ImportantDateAudience = (typeof IMPORTANT_DATE_AUDIENCES)[number]["code"];

export const CONTENT_TEXT_LIMITS = {
  title: 200,
  /** Plain-text descriptions and speaker names. */
  description: 2000,
  speaker: 120,
  url: 500,
  /** Stored rich text (HTML), before and after sanitising. */
  richText: 200_000,
  /** Sections of one question-paper pattern. */
  sections: 20,
  /** Class bands are written like "VI-VIII". */
  classBand: 40,
  durationMinutes: 600,
} as const;

/** The four content types' API paths, named as the programme's call list names them (docs/domain.md, API conventions). */
function contentPaths<const Base extends string>(base: Base) {
  return {
    list: `/api/${base}` as const,
    create: `/api/${base}/create` as const,
    member: `/api/${base}/{id}` as const,
    update: `/api/${base}/update/{id}` as const,
  };
}

export const CONTENT_TEXT_PATHS = {
  importantDates: contentPaths("important-dates"),
  frontendPattern: contentPaths("frontend-pattern"),
  lectureSeries: contentPaths("lecture-series"),
  syllabus: contentPaths("syllabus"),
} as const;

export const CONTENT_TEXT_MESSAGES = {
  endBeforeStart: "The end date must be on or after the start date",
  videoHttps: "The video link must be an https:// address, e.g. https://www.youtube.com/watch?v=…",
} as const;

/** Whether a date (YYYY-MM-DD) lies before `today` (YYYY-MM-DD): both compare as text. */
export function isPastDate(lastDay: string, today: string): boolean {
  return lastDay < today;
}

/** Where lecture videos play (the school app's Content-Security-Policy frames only these). */
export const VIDEO_PLAYER_ORIGINS = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
} as const;

/**
 * The player address for a lecture's video link: YouTube through its privacy-enhanced
 * youtube-nocookie host, Vimeo without tracking; null for any other site (shown as a link).
 */
export function videoEmbedUrl(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const id = /^[\w-]{6,20}$/;
  let youtube: string | null = null;
  if (host === "youtu.be") youtube = url.pathname.slice(1);
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") youtube = url.searchParams.get("v");
    else youtube = /^\/(embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[2] ?? null;
  }
  if (youtube && id.test(youtube)) return `${VIDEO_PLAYER_ORIGINS.youtube}/embed/${youtube}`;
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const vimeo = /\/(\d{5,12})(?:$|\/|\?)/.exec(`${url.pathname}/`)?.[1];
    if (vimeo) return `${VIDEO_PLAYER_ORIGINS.vimeo}/video/${vimeo}?dnt=1`;
  }
  return null;
}
