/**
 * One student's score explained question by question (issue 15: "every score can be explained"):
 * what was marked, the frozen key, the outcome and the marks, each section's total and whether it
 * counted, the ranks and the awards. The coordinator app, the school app and the student area all
 * read it through `explainResult`; each caller checks first that the student is its to see.
 */
import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import type { StudentResult } from "@repo/contracts/result-winners";
import { notCountedNote, RESULT_VIEW_MESSAGES } from "@repo/contracts/result-winners-constants";
import { AWARDS } from "@repo/contracts/results-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { ApiError } from "../../kernel/http/errors";
import { assignedSql, type RegionViewer, regionContext } from "../geography/region-scope";
import { hundredths, scoreSheet } from "./scoring";
import { paperKey } from "./store";
import { awardsOf, toMarks } from "./winners";

/**
 * The student's sheet of `examKind` explained, or null when the student has none. Scores the
 * stored answers again with the paper's frozen key (scoring is pure and reproducible, so this is
 * what was stored); ranks come from result_ranks (none for a mock, or before ranking).
 */
export async function explainResult(db: DbOrTx, studentId: number, examKind: ExamLevel): Promise<StudentResult | null> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.id, a.paper_set_id, a.answers, a.roll_number, a.class_level, a.language, a.school_id,
          st.id as student_id, st.first_name, st.last_name, coalesce(sc.name, st.unlisted_school_name, '') as school_name,
          d.name as district, s.name as state, y.label as exam_year,
          rr.school_rank, rr.school_position, rr.district_rank, rr.district_position, rr.prant_rank, rr.state_rank,
          rr.state_position, rr.zone_rank, rr.national_rank, rr.sheet_id as ranked
        from answer_sheets a join students st on st.id = a.student_id
        join exam_years y on y.id = a.exam_year_id
        join states s on s.id = a.state_id
        left join districts d on d.id = a.district_id
        left join schools sc on sc.id = a.school_id
        left join result_ranks rr on rr.sheet_id = a.id
        where a.student_id = ${studentId} and a.exam_kind = ${examKind}
        order by a.exam_year_id desc limit 1`,
  );
  if (!row) return null;
  const key = await paperKey(db, Number(row.paper_set_id));
  const answers = String(row.answers).split(",");
  const score = scoreSheet(key.sections, answers, { explain: true });
  const number = (value: unknown) => (value == null ? null : Number(value));
  const ranked = row.ranked != null;
  const sections = key.sections.map((section, index) => {
    const own = score.sections[index];
    const fullMarks = section.questions.length * hundredths(section.marksPerQuestion);
    const counted = own?.counted ?? true;
    return {
      label: section.label,
      marks: toMarks(own?.marks ?? 0),
      counted,
      note:
        counted || !section.countsIfSection
          ? "Counted"
          : notCountedNote(section.countsIfSection, Number(section.countsIfMarks ?? 0)),
      right: own?.right ?? 0,
      wrong: own?.wrong ?? 0,
      blank: own?.blank ?? 0,
      questions: section.questions.length,
      full_marks: toMarks(fullMarks),
    };
  });
  const positions = {
    state: number(row.state_position),
    district: number(row.district_position),
    school: number(row.school_position),
  };
  return {
    student: {
      id: Number(row.student_id),
      first_name: String(row.first_name),
      last_name: String(row.last_name),
      roll_number: String(row.roll_number),
      class_level: Number(row.class_level),
      language: String(row.language),
      school_id: number(row.school_id),
      school_name: String(row.school_name ?? ""),
      district: row.district == null ? null : String(row.district),
      state: String(row.state),
    },
    level: examKind,
    exam_year: String(row.exam_year),
    paper_set: { id: key.id, code: key.code },
    total: toMarks(score.total),
    full_marks: sections.reduce((sum, s) => sum + s.full_marks, 0),
    right: sections.reduce((sum, s) => sum + s.right, 0),
    wrong: sections.reduce((sum, s) => sum + s.wrong, 0),
    blank: sections.reduce((sum, s) => sum + s.blank, 0),
    sections,
    questions: score.questions.map((q) => ({
      number: q.number,
      section: q.section,
      marked: q.marked,
      key: q.key,
      outcome: q.outcome,
      marks: toMarks(q.marks),
    })),
    ranks: ranked
      ? {
          school_rank: number(row.school_rank),
          school_position: positions.school,
          district_rank: number(row.district_rank),
          district_position: positions.district,
          prant_rank: number(row.prant_rank),
          state_rank: Number(row.state_rank),
          state_position: Number(row.state_position),
          zone_rank: Number(row.zone_rank),
          national_rank: Number(row.national_rank),
        }
      : null,
    awards: ranked
      ? awardsOf(positions).map((code) => ({ code, name: AWARDS.find((a) => a.code === code)?.name ?? code }))
      : [],
  };
}

/**
 * A student's explained score for a viewer of the coordinator app: 404 when the student is outside
 * the viewer's region (ids are not to be probed) or has no sheet of the level.
 */
export async function studentResultFor(
  db: DbOrTx,
  viewer: RegionViewer,
  studentId: number,
  examKind: ExamLevel,
): Promise<StudentResult> {
  const { assigned } = await regionContext(db, viewer);
  const [inside] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from students s where s.id = ${studentId} and ${assignedSql("s", assigned)}`,
  );
  if (!inside) throw new ApiError(404, RESULT_VIEW_MESSAGES.noStudent);
  const result = await explainResult(db, studentId, examKind);
  if (!result) throw new ApiError(404, RESULT_VIEW_MESSAGES.noSheet(examLevelLabel(examKind)));
  return result;
}
