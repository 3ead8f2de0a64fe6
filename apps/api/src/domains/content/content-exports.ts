import { findRole } from "@repo/auth/roles";
import {
  type BrochureItem,
  type BrochureListQuery,
  brochureListQuery,
  type StudyMaterialItem,
  type StudyMaterialListQuery,
  studyMaterialListQuery,
} from "@repo/contracts/content-files";
import {
  type NotificationAdminItem,
  type NotificationListQuery,
  notificationListQuery,
} from "@repo/contracts/content-notices";
import { richTextToPlain } from "@repo/contracts/content-texts";
import { EXAM_LEVEL_TYPES, examLevelName, IMPORTANT_DATE_AUDIENCES } from "@repo/contracts/content-texts-constants";
import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import {
  type FrontendPatternItem,
  type FrontendPatternListQuery,
  frontendPatternListQuery,
} from "@repo/contracts/frontend-pattern";
import {
  type ImportantDateItem,
  type ImportantDateListQuery,
  importantDateListQuery,
} from "@repo/contracts/important-dates";
import { languageName } from "@repo/contracts/languages";
import {
  type LectureSeriesItem,
  type LectureSeriesListQuery,
  lectureSeriesListQuery,
} from "@repo/contracts/lecture-series";
import { isoToIndiaWallTime } from "@repo/contracts/locale";
import type { Page } from "@repo/contracts/pagination";
import { MAX_PER_PAGE } from "@repo/contracts/pagination-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { classLabel } from "@repo/contracts/students-constants";
import { type SyllabusItem, type SyllabusListQuery, syllabusListQuery } from "@repo/contracts/syllabus";
import type { Db } from "@repo/db";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { type BrochureKind, listBrochures, listStudyMaterials } from "./content-files";
import type { ContentReader } from "./content-texts";
import { listFrontendPatterns } from "./frontend-pattern";
import { listImportantDates } from "./important-dates";
import { listLectureSeries } from "./lecture-series";
import { listNotifications } from "./notifications";
import { listSyllabi } from "./syllabus";

/**
 * The content lists' exports (docs/domain.md, Content; docs/domain.md, Services every feature shares): each kind takes its
 * list's own filters and pages through the list's own service, as an editor sees it (drafts too),
 * so the file holds exactly the rows the coordinator's list shows.
 */

const unpaged = { page: true, per_page: true } as const;

/** Keeps each kind's row type tied to its columns while the registry holds them side by side. */
const contentKind = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;

/** Every page of a list, a full page (MAX_PER_PAGE rows) at a time. */
async function* everyPage<Filters, Item>(
  filters: Filters,
  list: (query: Filters & { page: number; per_page: number }) => Promise<Page<Item>>,
): AsyncGenerator<Item[]> {
  for (let page = 1; ; page++) {
    const result = await list({ ...filters, page, per_page: MAX_PER_PAGE });
    if (result.items.length > 0) yield result.items;
    if (page >= result.last_page) return;
  }
}

/** Editors' view of the content lists: drafts included, every audience. */
const editor = { editor: true } as const;
const manager: ContentReader = { manages: true, isGcc: false };

const yesNo = (value: boolean) => (value ? "Yes" : "No");
/** A YYYY-MM-DD day as a spreadsheet date. */
const day = (value: string | null) => (value ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : null);
/** A stored instant as the day it was in India. */
const indiaDay = (iso: string) => day(isoToIndiaWallTime(iso));
/** A stored instant as India's wall time, to the minute, as text (CSV cells keep only a date's day). */
const indiaTime = (iso: string | null) => (iso ? isoToIndiaWallTime(iso).replace("T", " ") : null);
const classOrAll = (level: number | null) => (level == null ? "All classes" : classLabel(level));
const levelName = (value: number) => EXAM_LEVEL_TYPES.find((level) => level.value === value)?.name ?? String(value);

const created = <Row extends { created_at: string }>(): ExportColumn<Row> => ({
  header: "Created on",
  value: (row) => indiaDay(row.created_at),
  width: 14,
});
const updated = <Row extends { updated_at: string }>(): ExportColumn<Row> => ({
  header: "Updated on",
  value: (row) => indiaDay(row.updated_at),
  width: 14,
});

const studyMaterialColumns: ExportColumn<StudyMaterialItem>[] = [
  { header: "Id", value: (m) => m.id, width: 8 },
  { header: "Title", value: (m) => m.title, width: 36 },
  { header: "Description", value: (m) => m.description, width: 48 },
  { header: "Class", value: (m) => classOrAll(m.class_level), width: 12 },
  { header: "Exam level", value: (m) => m.exam_level, width: 12 },
  { header: "Languages", value: (m) => m.languages.map(languageName).join(", "), width: 24 },
  { header: "Free", value: (m) => yesNo(m.is_free), width: 8 },
  // Money as a number of rupees (the minor unit is paise), so a spreadsheet can add it up.
  { header: "Price (INR)", value: (m) => (m.price ? m.price.amount_minor / 100 : null), width: 12 },
  { header: "Link", value: (m) => m.link, width: 36 },
  { header: "File", value: (m) => m.file?.name ?? null, width: 30 },
  { header: "Published", value: (m) => yesNo(m.is_published), width: 10 },
  created(),
  updated(),
];

const brochureColumns: ExportColumn<BrochureItem>[] = [
  { header: "Id", value: (b) => b.id, width: 8 },
  { header: "Title", value: (b) => b.title, width: 36 },
  { header: "Language", value: (b) => languageName(b.language), width: 14 },
  { header: "File", value: (b) => b.file.name, width: 30 },
  { header: "Pages", value: (b) => b.file.pages, width: 8 },
  { header: "Size (bytes)", value: (b) => b.file.size, width: 12 },
  { header: "Published", value: (b) => yesNo(b.is_published), width: 10 },
  created(),
  updated(),
];

const brochureKind = (kind: BrochureKind, fileName: string, sheetName: string) =>
  contentKind({
    permissions: ["content.manage"],
    filters: brochureListQuery.omit(unpaged),
    fileName,
    sheetName,
    columns: brochureColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listBrochures(db, kind, query as BrochureListQuery, editor)),
  });

const importantDateColumns: ExportColumn<ImportantDateItem>[] = [
  { header: "Id", value: (d) => d.id, width: 8 },
  { header: "Title", value: (d) => d.title, width: 36 },
  { header: "Start date", value: (d) => day(d.start_date), width: 12 },
  { header: "End date", value: (d) => day(d.end_date), width: 12 },
  { header: "Exam level", value: (d) => examLevelName(d.exam_level), width: 12 },
  {
    header: "For",
    value: (d) => IMPORTANT_DATE_AUDIENCES.find((a) => a.code === d.audience)?.name ?? d.audience,
    width: 14,
  },
  { header: "Description", value: (d) => d.description, width: 48 },
  { header: "Past", value: (d) => yesNo(d.is_past), width: 8 },
  { header: "Published", value: (d) => yesNo(d.published), width: 10 },
  updated(),
];

const patternColumns: ExportColumn<FrontendPatternItem>[] = [
  { header: "Id", value: (p) => p.id, width: 8 },
  { header: "Exam level", value: (p) => levelName(p.exam_level), width: 12 },
  { header: "Classes", value: (p) => p.class_band, width: 14 },
  {
    header: "Sections",
    value: (p) =>
      p.sections
        .map((s) => `${s.name}: ${countOf(s.questions, COUNTED.question)}, ${countOf(s.marks, COUNTED.mark)}`)
        .join("\n"),
    width: 40,
  },
  { header: "Questions", value: (p) => p.total_questions, width: 10 },
  { header: "Marks", value: (p) => p.total_marks, width: 8 },
  { header: "Duration (minutes)", value: (p) => p.duration_minutes, width: 12 },
  { header: "Negative marks", value: (p) => p.negative_marks, width: 10 },
  { header: "Notes", value: (p) => richTextToPlain(p.notes), width: 48 },
  { header: "Published", value: (p) => yesNo(p.published), width: 10 },
  updated(),
];

const lectureColumns: ExportColumn<LectureSeriesItem>[] = [
  { header: "Id", value: (l) => l.id, width: 8 },
  { header: "Title", value: (l) => l.title, width: 36 },
  { header: "Speaker", value: (l) => l.speaker, width: 24 },
  { header: "Lecture date", value: (l) => day(l.lecture_date), width: 12 },
  { header: "Video", value: (l) => l.video_url, width: 40 },
  { header: "Class", value: (l) => classOrAll(l.class_level), width: 12 },
  { header: "Language", value: (l) => languageName(l.language), width: 14 },
  { header: "Published", value: (l) => yesNo(l.published), width: 10 },
  updated(),
];

const syllabusColumns: ExportColumn<SyllabusItem>[] = [
  { header: "Id", value: (s) => s.id, width: 8 },
  { header: "Exam level", value: (s) => levelName(s.syllabus_type), width: 12 },
  { header: "Class", value: (s) => classLabel(s.class_level), width: 8 },
  { header: "Title", value: (s) => s.title, width: 36 },
  { header: "Syllabus", value: (s) => richTextToPlain(s.body), width: 60 },
  { header: "Published", value: (s) => yesNo(s.published), width: 10 },
  updated(),
];

const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(", ");
const notificationColumns: ExportColumn<NotificationAdminItem>[] = [
  { header: "Id", value: (n) => n.id, width: 8 },
  { header: "Title", value: (n) => n.title, width: 36 },
  { header: "Message", value: (n) => richTextToPlain(n.body), width: 60 },
  { header: "For", value: (n) => n.roles.map((id) => findRole(id)?.name ?? String(id)).join(", "), width: 28 },
  { header: "Zones", value: (n) => names(n.zones), width: 20 },
  { header: "States", value: (n) => names(n.states), width: 20 },
  { header: "Districts", value: (n) => names(n.districts), width: 20 },
  { header: "Publish from (IST)", value: (n) => indiaTime(n.publish_from), width: 18 },
  { header: "Publish until (IST)", value: (n) => indiaTime(n.publish_until), width: 18 },
  { header: "Status", value: (n) => n.status[0]?.toUpperCase() + n.status.slice(1), width: 10 },
  { header: "Read by", value: (n) => n.read_count, width: 8 },
  { header: "Created by", value: (n) => n.created_by, width: 20 },
  updated(),
];

/** The content kinds for the export registry, by name (EXPORT_KIND). */
export const CONTENT_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.studyMaterials]: contentKind({
    permissions: ["content.manage"],
    filters: studyMaterialListQuery.omit(unpaged),
    fileName: "study-materials",
    sheetName: "Study materials",
    columns: studyMaterialColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listStudyMaterials(db, query as StudyMaterialListQuery, editor)),
  }),
  [EXPORT_KIND.brochureDownloads]: brochureKind("brochure-download", "brochure-downloads", "Brochure downloads"),
  [EXPORT_KIND.brochureFlipbooks]: brochureKind("brochure-flipbook", "brochure-flipbooks", "Brochure flipbooks"),
  [EXPORT_KIND.importantDates]: contentKind({
    permissions: ["content.manage"],
    filters: importantDateListQuery.omit(unpaged),
    fileName: "important-dates",
    sheetName: "Important dates",
    columns: importantDateColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listImportantDates(db, query as ImportantDateListQuery, manager)),
  }),
  [EXPORT_KIND.frontendPattern]: contentKind({
    permissions: ["content.manage"],
    filters: frontendPatternListQuery.omit(unpaged),
    fileName: "question-paper-pattern",
    sheetName: "Question paper pattern",
    columns: patternColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listFrontendPatterns(db, query as FrontendPatternListQuery, manager)),
  }),
  [EXPORT_KIND.lectureSeries]: contentKind({
    permissions: ["content.manage"],
    filters: lectureSeriesListQuery.omit(unpaged),
    fileName: "lecture-series",
    sheetName: "Lecture series",
    columns: lectureColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listLectureSeries(db, query as LectureSeriesListQuery, manager)),
  }),
  [EXPORT_KIND.syllabus]: contentKind({
    permissions: ["content.manage"],
    filters: syllabusListQuery.omit(unpaged),
    fileName: "syllabus",
    sheetName: "Syllabus",
    columns: syllabusColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listSyllabi(db, query as SyllabusListQuery, manager)),
  }),
  [EXPORT_KIND.notifications]: contentKind({
    permissions: ["content.manage"],
    filters: notificationListQuery.omit(unpaged),
    fileName: "notifications",
    sheetName: "Notifications",
    columns: notificationColumns,
    rows: (db: Db, _viewer: unknown, filters: object) =>
      everyPage(filters, (query) => listNotifications(db, query as NotificationListQuery)),
  }),
};
