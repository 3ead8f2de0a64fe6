// The paper-setting benchmark (`npm run bench -- --only papers`, or part of `npm run bench`), on
// PostgreSQL through the built API server:
//  - the question list over 100,000 questions (3 exams × 6 classes × 6 subjects; a third translated
//    into Hindi) with the list's filters, 8 at a time. Target p95 ≤ 30 ms.
//  - a 100-question paper set offered in all 14 languages, exported as a PDF question paper: one
//    language (target ≤ 5 s) and all 14 one after another (target ≤ 40 s).
// It creates and drops `<prefix>papers` on the server at BENCH_DATABASE_URL, else
// TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { cpus } from "node:os";
import { LANGUAGES, languageIdOf } from "@repo/contracts/languages";

import { type Database, queryRows } from "@repo/db";
import { sql } from "drizzle-orm";
import { admin, benchDatabase } from "./database";
import { type BuiltApi, freshBenchDatabase, type Latency, measureLatency, round, startBuiltApi } from "./support";

const DATABASE = benchDatabase("papers");
export const QUESTION_COUNT = 100_000;
export const PAPER_TARGETS = { listP95Ms: 30, oneLanguageS: 5, allLanguagesS: 40 } as const;

export interface PapersBenchReport {
  questions: number;
  list: (Latency & { scenario: string })[];
  pdf: { one_language_s: number; all_languages_s: number; per_language_s: Record<string, number>; bytes: number };
  machine: { cpus: number };
}

/** A short question-like line in each language's script, so every paper shapes its own script. */
const phrase = (native: string, n: number) => `${native} ${n}: ${native} ${native} ${native}?`;

export async function runPapersBench(options: { adminUrl: string; port: number }): Promise<PapersBenchReport> {
  let api: BuiltApi | undefined;
  try {
    console.log(`papers bench: creating ${DATABASE} with ${QUESTION_COUNT.toLocaleString("en")} questions…`);
    const { url, database } = await freshBenchDatabase(options.adminUrl, DATABASE);
    const set = await seedPapersBench(database.db);
    await database.close();

    api = await startBuiltApi(url, options.port);
    const headers = await api.signIn("psadmin", "papersetter");
    const base = api.base;
    const list = (query: string) => async () => {
      const response = await fetch(`${base}/api/question/question-list?${query}`, { headers });
      if (response.status !== 200) throw new Error(`the list answered ${response.status}`);
      await response.arrayBuffer();
    };
    const results: PapersBenchReport["list"] = [];
    for (const [scenario, query] of [
      ["Level 1, first page", "is_mock=0&class_level=1"],
      ["Level 1, class VIII, a subject", "is_mock=0&class_level=1&class_id=8&subject_id=1"],
      ["Level 1, search", "is_mock=0&class_level=1&search=motion%201234"],
      ["Level 2, reviewed, page 50", "class_level=2&status=reviewed&page=50"],
      ["Mock, Hindi missing", "is_mock=1&language_id=2&translation_status=missing"],
      ["every exam, 100 a page", "per_page=100"],
    ] as const) {
      const figures = await measureLatency(200, 8, list(query), 10);
      results.push({ scenario, ...figures });
      console.log(`papers bench: ${scenario}: p50 ${figures.p50_ms} ms, p95 ${figures.p95_ms} ms`);
    }

    let bytes = 0;
    const exportPaper = async (code: string) => {
      const response = await fetch(`${base}/api/paperset/export-paperset`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({
          paperset_id: set.id,
          language_id: languageIdOf(code),
          document: "paper",
          format: "pdf",
        }),
      });
      const body = new Uint8Array(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`the export answered ${response.status}: ${new TextDecoder().decode(body)}`);
      bytes = body.byteLength;
    };
    await exportPaper("en"); // warm: the browser starts on the first render
    const t0 = performance.now();
    await exportPaper("en");
    const oneLanguage = (performance.now() - t0) / 1000;
    const perLanguage: Record<string, number> = {};
    const t1 = performance.now();
    for (const language of LANGUAGES) {
      const t = performance.now();
      await exportPaper(language.code);
      perLanguage[language.code] = round((performance.now() - t) / 1000, 2);
    }
    const allLanguages = (performance.now() - t1) / 1000;
    console.log(`papers bench: 100-question PDF ${round(oneLanguage, 2)} s; 14 languages ${round(allLanguages, 1)} s`);
    return {
      questions: QUESTION_COUNT,
      list: results,
      pdf: {
        one_language_s: round(oneLanguage, 2),
        all_languages_s: round(allLanguages, 1),
        per_language_s: perLanguage,
        bytes,
      },
      machine: { cpus: cpus().length },
    };
  } finally {
    await api?.stop();
    await admin(options.adminUrl, `drop database if exists "${DATABASE}" with (force)`).catch(() => {});
  }
}

/**
 * 100,000 questions as the API writes them (row, version 1, a Hindi translation for a third) and the
 * demo's Level 1 class VIII set holding 100 of them, translated into all 14 languages.
 */
export async function seedPapersBench(db: Database["db"]): Promise<{ id: number; a: number; b: number }> {
  // Questions as the API writes them: the row, version 1, and a Hindi translation for a third.
  await db.execute(sql`
    insert into questions (exam_kind, class_level, subject_id, question_type, difficulty, marks, status, version,
      source_hash, plain_text)
    select (array['level1','level2','mock'])[1 + g % 3], 6 + (g / 3) % 6, s.id,
      case when g % 3 = 1 then 'multiple' else 'single' end, 'medium', 1,
      case when g % 2 = 0 then 'reviewed' else 'draft' end, 1, md5(g::text), 'bench question ' || g || ' about light and motion'
    from generate_series(1, ${QUESTION_COUNT}) g
    join (select id, row_number() over (order by id) - 1 as n from subjects) s on s.n = (g / 18) % 6`);
  await db.execute(sql`
    insert into question_versions (question_id, version, content, source_hash)
    select q.id, 1, jsonb_build_object('text', '<p>Bench question ' || q.id || ' about light and motion</p>',
      'options', jsonb_build_array(jsonb_build_object('key','A','html','<p>One</p>'), jsonb_build_object('key','B','html','<p>Two</p>'),
        jsonb_build_object('key','C','html','<p>Three</p>'), jsonb_build_object('key','D','html','<p>Four</p>')),
      'correct', jsonb_build_array('A'), 'explanation', '', 'type', q.question_type, 'difficulty', 'medium', 'marks', 1,
      'subject_id', q.subject_id), q.source_hash
    from questions q where q.plain_text like 'bench question %'`);
  await db.execute(sql`
    insert into question_translations (question_id, language, version, content, status, source_hash, source_version)
    select q.id, 'hi', 1, jsonb_build_object('text', '<p>प्रश्न ' || q.id || '</p>', 'options', v.content->'options', 'explanation', ''),
      'done', q.source_hash, 1
    from questions q join question_versions v on v.question_id = q.id where q.id % 3 = 0 and q.plain_text like 'bench question %'`);
  // As autovacuum leaves a bulk load: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze`);

  // A 100-question Level 1 set of class VIII offered in all 14 languages, every question translated.
  const [set] = await queryRows<{ id: number; a: number; b: number }>(
    db,
    sql`select ps.id, (select id from paper_sections where paper_set_id = ps.id and label = 'A') as a,
        (select id from paper_sections where paper_set_id = ps.id and label = 'B') as b
      from paper_sets ps where ps.code = 'L1-VIII-A'`,
  );
  if (!set) throw new Error("the demo paper set is missing");
  await db.execute(
    sql`update paper_sets set languages = ${sql.raw(`array[${LANGUAGES.map((l) => `'${l.code}'`).join(",")}]`)} where id = ${set.id}`,
  );
  await db.execute(sql`
    insert into paper_set_questions (paper_set_id, section_id, question_id, position)
    select ${set.id}::int, case when n <= 40 then ${set.a}::int else ${set.b}::int end, id, case when n <= 40 then n else n - 40 end
    from (select id, row_number() over (order by id) as n from questions
      where exam_kind = 'level1' and class_level = 8 and question_type = 'single' and plain_text like 'bench question %' limit 100) q`);
  for (const language of LANGUAGES.filter((l) => l.code !== "en")) {
    // The bench's Hindi rows above become older versions: one latest per language.
    await db.execute(sql`update question_translations t set is_latest = false
      where t.language = ${language.code} and t.version < 100
        and t.question_id in (select question_id from paper_set_questions where paper_set_id = ${set.id})`);
    await db.execute(sql`
      insert into question_translations (question_id, language, version, content, status, source_hash, source_version, is_latest)
      select p.question_id, ${language.code}, 100, jsonb_build_object(
          'text', '<p>' || ${phrase(language.native, 0)} || ' ' || p.question_id || '</p>',
          'options', jsonb_build_array(jsonb_build_object('key','A','html',${`<p>${language.native} 1</p>`}::text),
            jsonb_build_object('key','B','html',${`<p>${language.native} 2</p>`}::text),
            jsonb_build_object('key','C','html',${`<p>${language.native} 3</p>`}::text),
            jsonb_build_object('key','D','html',${`<p>${language.native} 4</p>`}::text)),
          'explanation', ''), 'done', q.source_hash, 1, true
      from paper_set_questions p join questions q on q.id = p.question_id
      where p.paper_set_id = ${set.id}
      on conflict (question_id, language, version) do nothing`);
  }
  return set;
}
