/**
 * Certificate codes (decision 060): every code issued is a row of certificate_codes, one per
 * student, ranked level, exam year and award, withdrawn rather than deleted. Ranking a level
 * (store.ts rankLevel) issues or revives the code of each sheet's present award and points the
 * sheet at it, so the same results stored again give the same code; removing sheets withdraws
 * their codes first, keeping what the certificate printed for its public check.
 */
import { randomBytes } from "node:crypto";
import { type CertificateWithdrawnReason, PARTICIPATION_AWARD } from "@repo/contracts/certificates-constants";
import { AWARDS, RANKED_LEVELS } from "@repo/contracts/results-constants";
import { type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 12;

/**
 * `count` certificate verification codes: 12 letters and digits without look-alikes (60 random
 * bits each), from one draw of random bytes (one per sheet cost a second per 100,000 sheets).
 */
export function newVerifyCodes(count: number): string[] {
  const bytes = randomBytes(count * CODE_LENGTH);
  const codes: string[] = [];
  for (let at = 0; at < bytes.length; at += CODE_LENGTH) {
    let code = "";
    for (let i = at; i < at + CODE_LENGTH; i++) code += CODE_ALPHABET[(bytes[i] as number) % CODE_ALPHABET.length];
    codes.push(code);
  }
  return codes;
}

/** The award of a ranked sheet from its positions (`r` = result_ranks): the highest one it reaches. */
export const AWARD_SQL: SQL = sql.raw(
  `case ${AWARDS.map((award) => `when r.${award.per}_position <= ${award.places} then '${award.code}'`).join(" ")} end`,
);

/** The award a sheet's code is issued for: AWARD_SQL, or participation. */
const CODE_AWARD_SQL: SQL = sql`coalesce(${AWARD_SQL}, ${PARTICIPATION_AWARD})`;

/** What a certificate prints as the student's name and school (`st` = students, `sc` = the sheet's school). */
const PRINTED_NAMES = sql`student_name = trim(st.first_name || ' ' || st.last_name),
  school_name = coalesce(sc.name, st.unlisted_school_name, '')`;

const isRanked = (examKind: string) => (RANKED_LEVELS as readonly string[]).includes(examKind);

/**
 * After a level's ranks were rebuilt: each sheet's present award gets its code, the one issued
 * before for the same student and award when there is one (revived if withdrawn), otherwise the
 * sheet's own code, or a fresh one when that was issued for another award. A code whose award
 * changed, or whose student has no sheet of the level any more, is withdrawn. A mock has none.
 */
export async function issueCertificateCodes(db: DbOrTx, examYearId: number, examKind: string): Promise<void> {
  if (!isRanked(examKind)) return;
  const level = (alias: string) =>
    sql`${sql.raw(alias)}.exam_year_id = ${examYearId} and ${sql.raw(alias)}.exam_kind = ${examKind}`;
  // The sheets and codes just written have no statistics yet (the store job analyzes after its
  // transaction): planned on estimates of one row, these whole-level joins became nested loops
  // over every pair (50,000 sheets: over seven minutes). Hash joins suit them whatever the estimates.
  await db.execute(sql`set local enable_nestloop = off`);
  // The award changed: the sheet's code is withdrawn with what it printed.
  await db.execute(sql`update certificate_codes c set withdrawn_at = now(), withdrawn_reason = 'award_changed',
      ${PRINTED_NAMES}
    from answer_sheets a join result_ranks r on r.sheet_id = a.id join students st on st.id = a.student_id
      left join schools sc on sc.id = a.school_id
    where ${level("a")} and c.code = a.verify_code and c.withdrawn_at is null and c.award <> ${CODE_AWARD_SQL}`);
  // Sheets removed without withdrawing their codes first (withdrawCertificateCodes does, with the sheet's names).
  await db.execute(sql`update certificate_codes c set withdrawn_at = now(), withdrawn_reason = 'results_removed',
      student_name = coalesce((select trim(st.first_name || ' ' || st.last_name) from students st
        where st.id = c.student_id), c.student_name)
    where ${level("c")} and c.withdrawn_at is null
      and not exists (select 1 from answer_sheets a where ${level("a")} and a.student_id = c.student_id)`);
  // Any other code of the student stays withdrawn; the one of the same award comes back.
  await db.execute(sql`update certificate_codes c set withdrawn_at = null, withdrawn_reason = null
    from answer_sheets a join result_ranks r on r.sheet_id = a.id
    where ${level("c")} and c.withdrawn_at is not null and ${level("a")} and a.student_id = c.student_id
      and c.award = ${CODE_AWARD_SQL}
      and not exists (select 1 from certificate_codes v where ${level("v")} and v.student_id = c.student_id
        and v.withdrawn_at is null)`);
  await db.execute(sql`update answer_sheets a set verify_code = c.code from certificate_codes c
    where ${level("a")} and ${level("c")} and c.student_id = a.student_id and c.withdrawn_at is null
      and a.verify_code <> c.code`);
  // A sheet without a valid code whose own code was issued for another award gets a fresh one.
  const stale = await queryRows<{ id: number }>(
    db,
    sql`select a.id from answer_sheets a
        where ${level("a")} and exists (select 1 from certificate_codes c where c.code = a.verify_code)
          and not exists (select 1 from certificate_codes c where ${level("c")} and c.student_id = a.student_id
            and c.withdrawn_at is null)`,
  );
  if (stale.length > 0) {
    const codes = newVerifyCodes(stale.length);
    await db.execute(sql`update answer_sheets a set verify_code = f.code
      from unnest(${`{${stale.map((row) => Number(row.id)).join(",")}}`}::int[], ${`{${codes.join(",")}}`}::text[])
        as f(id, code)
      where a.id = f.id`);
  }
  await db.execute(sql`insert into certificate_codes (code, exam_year_id, exam_kind, student_id, award)
    select a.verify_code, a.exam_year_id, a.exam_kind, a.student_id, ${CODE_AWARD_SQL}
    from answer_sheets a join result_ranks r on r.sheet_id = a.id
    where ${level("a")} and not exists (select 1 from certificate_codes c where ${level("c")}
      and c.student_id = a.student_id and c.withdrawn_at is null)`);
  await db.execute(sql`set local enable_nestloop = on`);
}

/**
 * Withdraws the valid codes of a level's sheets about to be deleted (`sheets`: a condition on
 * `a` = answer_sheets), keeping the name and school they printed. Answers how many.
 */
export async function withdrawCertificateCodes(
  db: DbOrTx,
  input: { examYearId: number; examKind: string; sheets: SQL; reason: CertificateWithdrawnReason },
): Promise<number> {
  if (!isRanked(input.examKind)) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (
          update certificate_codes c set withdrawn_at = now(), withdrawn_reason = ${input.reason}, ${PRINTED_NAMES}
          from answer_sheets a join students st on st.id = a.student_id left join schools sc on sc.id = a.school_id
          where a.exam_year_id = ${input.examYearId} and a.exam_kind = ${input.examKind} and (${input.sheets})
            and c.code = a.verify_code and c.withdrawn_at is null
          returning 1
        ) select count(*)::int as n from gone`,
  );
  return Number(row?.n ?? 0);
}

export interface CertificatesAffected {
  /** Valid certificates of the sheets. */
  certificates: number;
  /** Of those, the ones already made into a PDF. */
  printed: number;
}

/** The valid certificates of a level's sheets (`sheets`: a condition on `a` = answer_sheets). */
export async function certificatesAffected(
  db: DbOrTx,
  input: { examYearId: number; examKind: string; sheets: SQL },
): Promise<CertificatesAffected> {
  if (!isRanked(input.examKind)) return { certificates: 0, printed: 0 };
  const [row] = await queryRows<{ certificates: number; printed: number }>(
    db,
    sql`select count(*)::int as certificates, count(c.printed_at)::int as printed
        from answer_sheets a join certificate_codes c on c.code = a.verify_code and c.withdrawn_at is null
        where a.exam_year_id = ${input.examYearId} and a.exam_kind = ${input.examKind} and (${input.sheets})`,
  );
  return { certificates: Number(row?.certificates ?? 0), printed: Number(row?.printed ?? 0) };
}

/** Notes that certificates with these codes were made into a PDF (the first time counts). */
export async function markCertificatesPrinted(db: DbOrTx, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await db.execute(sql`update certificate_codes set printed_at = now()
    where printed_at is null and code = any(${`{${codes.join(",")}}`}::text[])`);
}

export interface WithdrawnCertificate {
  student_name: string;
  school_name: string;
  exam_kind: string;
  exam_year: string;
  award: string;
  withdrawn_at: string | Date;
  withdrawn_reason: CertificateWithdrawnReason;
}

/** A withdrawn code with what its certificate printed; undefined for any other code. */
export async function withdrawnCertificate(db: DbOrTx, code: string): Promise<WithdrawnCertificate | undefined> {
  const [row] = await queryRows<WithdrawnCertificate>(
    db,
    sql`select coalesce(c.student_name, '') as student_name, coalesce(c.school_name, '') as school_name, c.exam_kind,
          y.label as exam_year, c.award, c.withdrawn_at, c.withdrawn_reason
        from certificate_codes c join exam_years y on y.id = c.exam_year_id
        where c.code = ${code} and c.withdrawn_at is not null`,
  );
  return row;
}
