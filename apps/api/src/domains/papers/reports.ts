import { ROLE } from "@repo/auth/roles";
import type { ExamLevel } from "@repo/contracts/fees";
import { LANGUAGES } from "@repo/contracts/languages";
import { type Page, pageOf } from "@repo/contracts/pagination";
import {
  PAPER_ACTIVITY_ACTIONS,
  PAPER_ACTIVITY_LABELS,
  type PaperActivityAction,
} from "@repo/contracts/paper-activity-constants";
import type { ActivityLogItem, ActivityLogQuery, QuestionTableRow } from "@repo/contracts/papers";
import { examLevelOf, SOURCE_LANGUAGE } from "@repo/contracts/papers-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { idsIn, textsIn } from "../../kernel/sql";
import { isActiveExamYear } from "../programme/exam-year";
import type { PaperViewer } from "./access";
import { iso, visibleQuestions } from "./questions";

/** question/question-table-list: per subject and class, what is written, reviewed, translated and needed. */
export async function questionTable(db: DbOrTx, viewer: PaperViewer, level: ExamLevel): Promise<QuestionTableRow[]> {
  const [counts, translated, needs] = await Promise.all([
    queryRows<{ subject_id: number; subject_name: string; class_level: number; written: number; reviewed: number }>(
      db,
      sql`select s.id as subject_id, s.name as subject_name, c.class_level,
          count(q.id)::int as written, count(q.id) filter (where q.status = 'reviewed')::int as reviewed
        from subjects s cross join generate_series(6, 11) c(class_level)
        left join questions q on q.subject_id = s.id and q.class_level = c.class_level and q.exam_kind = ${level}
        where s.is_active and ${viewer.subjects ? idsIn(sql`s.id`, viewer.subjects) : sql`true`}
        group by s.id, s.name, s.position, c.class_level order by s.position, s.name, c.class_level`,
    ),
    queryRows<{ subject_id: number; class_level: number; language: string; n: number }>(
      db,
      sql`select q.subject_id, q.class_level, t.language, count(*)::int as n
        from questions q join question_translations t on t.question_id = q.id and t.is_latest
          and t.status = 'done' and t.source_hash = q.source_hash
        where q.exam_kind = ${level} and ${visibleQuestions(viewer)}
        group by q.subject_id, q.class_level, t.language`,
    ),
    queryRows<{ subject_id: number; class_level: number; needed: number; placed: number }>(
      db,
      sql`select b.key::int as subject_id, ps.class_level, sum(b.value::int)::int as needed,
          sum((select count(*) from paper_set_questions p join questions q on q.id = p.question_id
            where p.section_id = s.id and q.subject_id = b.key::int))::int as placed
        from paper_sets ps join exam_years y on y.id = ps.exam_year_id and ${isActiveExamYear}
        join paper_sections s on s.paper_set_id = ps.id
        cross join jsonb_each_text(s.blueprint) b
        where ps.exam_kind = ${level} and ps.status = 'draft'
        group by b.key, ps.class_level`,
    ),
  ]);
  const key = (subject: number, cls: number) => `${subject}:${cls}`;
  const byTranslation = new Map<string, Record<string, number>>();
  for (const t of translated) {
    const k = key(Number(t.subject_id), Number(t.class_level));
    byTranslation.set(k, { ...byTranslation.get(k), [t.language]: Number(t.n) });
  }
  const byNeed = new Map(needs.map((n) => [key(Number(n.subject_id), Number(n.class_level)), n]));
  return counts.map((c) => {
    const k = key(Number(c.subject_id), Number(c.class_level));
    const languages = byTranslation.get(k) ?? {};
    return {
      subject_id: Number(c.subject_id),
      subject_name: c.subject_name,
      class_id: Number(c.class_level),
      written: Number(c.written),
      reviewed: Number(c.reviewed),
      translated: Object.fromEntries(
        LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => [l.code, languages[l.code] ?? 0]),
      ),
      needed: Number(byNeed.get(k)?.needed ?? 0),
      placed: Number(byNeed.get(k)?.placed ?? 0),
    };
  });
}

export function levelOfQuery(query: { is_mock?: number; class_level?: number }): ExamLevel {
  return examLevelOf(query.is_mock === 1, query.class_level === 2 ? 2 : 1);
}

/** question/subject-wise-question-list: one subject across the level's draft sets and sections. */
export async function subjectWise(db: DbOrTx, viewer: PaperViewer, subjectName: string, level: ExamLevel) {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ps.id as paperset_id, ps.code as paperset_code, ps.class_level, s.label as section,
        coalesce((s.blueprint->>sub.id::text)::int, 0) as needed,
        -- By the subject of the version the set prints: a finalized set's pinned one (decision 061).
        (select count(*)::int from paper_set_questions p join questions q on q.id = p.question_id
          join question_versions v on v.question_id = p.question_id and v.version = coalesce(p.frozen_version, q.version)
          where p.section_id = s.id and (v.content->>'subject_id')::int = sub.id) as placed,
        (select count(*)::int from questions q where q.exam_kind = ps.exam_kind and q.class_level = ps.class_level
          and q.subject_id = sub.id and q.status = 'reviewed' and q.question_type = s.answer_rule
          and not exists (select 1 from paper_set_questions p where p.paper_set_id = ps.id and p.question_id = q.id)) as available
      from subjects sub
      join paper_sets ps on ps.exam_kind = ${level}
      join exam_years y on y.id = ps.exam_year_id and ${isActiveExamYear}
      join paper_sections s on s.paper_set_id = ps.id
      where lower(sub.name) = lower(${subjectName})
        and ${viewer.subjects ? idsIn(sql`sub.id`, viewer.subjects) : sql`true`}
      order by ps.class_level, ps.code, s.position`,
  );
  return rows.map((r) => ({
    paperset_id: Number(r.paperset_id),
    paperset_code: String(r.paperset_code),
    class_id: Number(r.class_level),
    section: String(r.section),
    needed: Number(r.needed),
    placed: Number(r.placed),
    available: Number(r.available),
  }));
}

function summaryOf(action: string, entityId: string | null, after: Record<string, unknown> | null): string {
  const label = PAPER_ACTIVITY_LABELS[action as PaperActivityAction] ?? action;
  const a = after ?? {};
  switch (action) {
    case "question.create":
      return `${label}: question ${entityId}`;
    case "question.update":
      return `${label}: question ${entityId} saved as version ${a.version}`;
    case "question.rollback":
      return `${label}: question ${entityId} restored version ${a.rolled_back_from} as version ${a.version}`;
    case "question.review":
      return `${label}: question ${entityId} version ${a.version}`;
    case "translation.save":
      return `${label}: question ${entityId} in ${LANGUAGES.find((l) => l.code === a.language)?.name ?? a.language}, version ${a.version} (${a.status})`;
    case "paperSet.finalize":
      return `${label}: set ${entityId}, hash ${String(a.content_hash ?? "").slice(0, 12)}`;
    case "paperSet.export":
      return `${label}: set ${entityId}, ${a.document} in ${a.language} (${a.format})`;
    default:
      return `${label}${entityId ? `: ${entityId}` : ""}`;
  }
}

/** dashboard/user-activity-logs: who did what to which question or set; a subject panel user sees its own. */
export async function activityLogs(
  db: DbOrTx,
  viewer: PaperViewer,
  query: ActivityLogQuery,
): Promise<Page<ActivityLogItem>> {
  const where: SQL[] = [textsIn(sql`a.action`, query.action ? [query.action] : [...PAPER_ACTIVITY_ACTIONS])];
  if (viewer.roleId === ROLE.subjectPanel) where.push(sql`a.user_id = ${viewer.userId}`);
  if (query.user_id !== undefined) where.push(sql`a.user_id = ${query.user_id}`);
  if (query.question_id !== undefined) {
    where.push(sql`a.entity in ('question', 'question_translation') and a.entity_id = ${String(query.question_id)}`);
  }
  // Days are India's (the programme's clock).
  if (query.from) where.push(sql`a.created_at >= (${query.from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (query.to) where.push(sql`a.created_at < (${query.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  const condition = sql.join(where, sql` and `);
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id, a.user_id, u.name as user_name, u.role_id, a.action, a.entity, a.entity_id, a.after, a.created_at
        from activity_log a left join users u on u.id = a.user_id
        where ${condition} order by a.id desc limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from activity_log a where ${condition}`),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id == null ? null : Number(r.user_id),
      user_name: (r.user_name as string | null) ?? null,
      role_id: r.role_id == null ? null : Number(r.role_id),
      action: String(r.action),
      entity: String(r.entity),
      entity_id: (r.entity_id as string | null) ?? null,
      summary: summaryOf(
        String(r.action),
        (r.entity_id as string | null) ?? null,
        r.after as Record<string, unknown> | null,
      ),
      created_at: iso(r.created_at),
    })),
    count?.total ?? 0,
    query.page,
    query.per_page,
  );
}
