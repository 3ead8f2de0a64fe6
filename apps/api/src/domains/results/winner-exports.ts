import { EXPORT_KIND } from "@repo/contracts/export-kinds";
import {
  type DistrictRankerRow,
  districtRankerFilters,
  type MockInsightBody,
  mockInsightBody,
  type QuestionInsight,
  type RankingDistrictRow,
  type RankingDistrictsQuery,
  type RankingStateRow,
  type RankingStatesQuery,
  rankingDistrictsQuery,
  rankingStatesQuery,
  type WinnerRow,
  winnersFilters,
} from "@repo/contracts/result-winners";
import { OPTION_LETTERS, tieAtCutoffNote } from "@repo/contracts/result-winners-constants";
import { AWARDS } from "@repo/contracts/results-constants";
import { classLabel } from "@repo/contracts/students-constants";
import type { ExportColumn, ExportKind } from "../../kernel/exports/kinds";
import { mockInsight } from "./insights";
import { districtRankersForExport, rankingDistricts, rankingStates, winnersForExport } from "./winners";

/** The winners, the Ranking pages and the question insight as XLSX and CSV, with their screens' filters. */

const defineExport = <Row, Filters>(kind: ExportKind<Row, Filters>) => kind as ExportKind<unknown, unknown>;
const awardNames = (codes: readonly string[]) =>
  codes.map((code) => AWARDS.find((a) => a.code === code)?.name ?? code).join(", ");

const winnerColumns: ExportColumn<WinnerRow>[] = [
  { header: "Group", value: (w) => w.group_name, width: 30 },
  { header: "Class", value: (w) => classLabel(w.class_level), width: 8 },
  { header: "Position", value: (w) => w.position, width: 9 },
  { header: "Rank", value: (w) => w.rank, width: 7 },
  { header: "Roll number", value: (w) => w.roll_number, width: 14 },
  { header: "First name", value: (w) => w.first_name, width: 18 },
  { header: "Last name", value: (w) => w.last_name, width: 18 },
  { header: "Total", value: (w) => w.total, width: 8 },
  { header: "Section A", value: (w) => w.section_a, width: 10 },
  { header: "Wrong answers", value: (w) => w.wrong_count, width: 10 },
  { header: "School", value: (w) => w.school_name, width: 32 },
  { header: "District", value: (w) => w.district, width: 18 },
  { header: "State", value: (w) => w.state, width: 18 },
  {
    header: "Tie at the cut-off",
    value: (w) => (w.tie_at_cutoff ? tieAtCutoffNote(w.places, w.taken) : ""),
    width: 36,
  },
];

const stateColumns: ExportColumn<RankingStateRow>[] = [
  { header: "State", value: (s) => s.state, width: 24 },
  { header: "Zone", value: (s) => s.zone, width: 14 },
  { header: "Answer sheets", value: (s) => s.sheets, width: 12 },
  { header: "Top score", value: (s) => s.top_total, width: 10 },
  { header: "Average", value: (s) => s.average, width: 10 },
  { header: "Districts with results", value: (s) => s.districts_with_results, width: 12 },
];

const districtColumns: ExportColumn<RankingDistrictRow>[] = [
  { header: "District", value: (d) => d.district, width: 24 },
  { header: "Prant", value: (d) => d.prant, width: 20 },
  { header: "Answer sheets", value: (d) => d.sheets, width: 12 },
  { header: "Top score", value: (d) => d.top_total, width: 10 },
  { header: "Average", value: (d) => d.average, width: 10 },
  { header: "Schools with results", value: (d) => d.schools_with_results, width: 12 },
  { header: "Classes", value: (d) => d.classes.map(classLabel).join(", "), width: 20 },
];

const rankerColumns: ExportColumn<DistrictRankerRow>[] = [
  { header: "Class", value: (r) => classLabel(r.class_level), width: 8 },
  { header: "District rank", value: (r) => r.district_rank, width: 10 },
  { header: "Position", value: (r) => r.district_position, width: 9 },
  { header: "Roll number", value: (r) => r.roll_number, width: 14 },
  { header: "First name", value: (r) => r.first_name, width: 18 },
  { header: "Last name", value: (r) => r.last_name, width: 18 },
  { header: "Total", value: (r) => r.total, width: 8 },
  { header: "Section A", value: (r) => r.section_a, width: 10 },
  { header: "Wrong answers", value: (r) => r.wrong_count, width: 10 },
  { header: "School", value: (r) => r.school_name, width: 32 },
  { header: "State rank", value: (r) => r.state_rank, width: 10 },
  { header: "Awards", value: (r) => awardNames(r.awards), width: 30 },
];

const questionColumns: ExportColumn<QuestionInsight>[] = [
  { header: "Question", value: (q) => q.number, width: 9 },
  { header: "Section", value: (q) => q.section, width: 8 },
  { header: "Key", value: (q) => q.key, width: 6 },
  { header: "Correct", value: (q) => q.correct, width: 9 },
  { header: "Correct %", value: (q) => q.correct_percent, width: 9 },
  ...OPTION_LETTERS.map(
    (letter): ExportColumn<QuestionInsight> => ({
      header: letter,
      value: (q) => q.options.find((o) => o.option === letter)?.count ?? 0,
      width: 7,
    }),
  ),
  { header: "Blank", value: (q) => q.blank, width: 7 },
  { header: "Double marks", value: (q) => q.double, width: 9 },
];

/** One batch: the small lists are read whole. */
async function* once<Row>(rows: Promise<Row[]>): AsyncGenerator<Row[]> {
  const all = await rows;
  if (all.length) yield all;
}

export const RESULT_WINNER_EXPORT_KINDS: Record<string, ExportKind<unknown, unknown>> = {
  [EXPORT_KIND.resultWinners]: defineExport({
    permissions: ["results.view"],
    filters: winnersFilters,
    fileName: "winners",
    replica: true,
    sheetName: "Winners",
    columns: winnerColumns,
    rows: (db, viewer, filters) => winnersForExport(db, viewer, filters),
  }),
  [EXPORT_KIND.rankingStates]: defineExport<RankingStateRow, RankingStatesQuery>({
    permissions: ["ranking.view"],
    filters: rankingStatesQuery,
    fileName: "ranking-states",
    replica: true,
    sheetName: "States",
    columns: stateColumns,
    rows: (db, viewer, filters) => once(rankingStates(db, viewer, filters.level).then((r) => r.items)),
  }),
  [EXPORT_KIND.rankingDistricts]: defineExport<RankingDistrictRow, RankingDistrictsQuery>({
    permissions: ["ranking.view"],
    filters: rankingDistrictsQuery,
    fileName: "ranking-districts",
    replica: true,
    sheetName: "Districts",
    columns: districtColumns,
    rows: (db, viewer, filters) => once(rankingDistricts(db, viewer, filters).then((r) => r.items)),
  }),
  [EXPORT_KIND.districtRankers]: defineExport({
    permissions: ["ranking.view"],
    filters: districtRankerFilters,
    fileName: "district-rankers",
    replica: true,
    sheetName: "District rankers",
    columns: rankerColumns,
    rows: (db, viewer, filters) => districtRankersForExport(db, viewer, filters),
  }),
  [EXPORT_KIND.mockInsight]: defineExport<QuestionInsight, MockInsightBody>({
    permissions: ["results.view"],
    filters: mockInsightBody,
    fileName: "question-insight",
    replica: true,
    sheetName: "Questions",
    columns: questionColumns,
    rows: (db, viewer, filters) => once(mockInsight(db, viewer, filters).then((r) => r.questions)),
  }),
};
