/**
 * Certificates (issue 15, docs/domain.md, Exams, scoring and awards): every stored answer sheet of a ranked level earns one, a
 * merit certificate naming the student's highest award or a participation certificate. One
 * student's as a PDF, a school's or a region's as a bulk job (one PDF, or a zip with one PDF per
 * school), the public check behind the QR code, and a school's own Results list.
 *
 * Who sees what (docs/domain.md, Region scoping): admins everything; a coordinator the sheets of its region; a school
 * (or institute) its own students'; a master institute its schools' students'. Anything else is 404.
 */

import { inGroup, ROLE, ROLE_GROUPS } from "@repo/auth/roles";
import type {
  BulkCertificatesBody,
  BulkCertificatesResult,
  CertificateVerification,
  OwnSchoolResultRow,
  OwnSchoolResultsFilters,
  OwnSchoolResultsQuery,
} from "@repo/contracts/certificates";
import {
  awardName,
  CERTIFICATE_BULK_JOB,
  CERTIFICATE_LEVELS,
  CERTIFICATE_LIMITS,
  type CertificateLevel,
  type CertificateOutput,
} from "@repo/contracts/certificates-constants";
import { type Page, pageOf } from "@repo/contracts/pagination";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import { AWARDS, type AwardCode, marksOf, verifyPath } from "@repo/contracts/results-constants";
import { type Db, type DbOrTx, queryRows } from "@repo/db";
import { type SQL, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { ParseSpeeds, PDFDocument } from "pdf-lib";
import type { Services } from "../../context";
import { fileSlug as slug } from "../../kernel/files";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import { enqueueJob, type JobContext, JobError, type JobHandler, removeOldJobFiles } from "../../kernel/jobs/jobs";
import { fontFaceCss } from "../../kernel/pdf";
import { containing, idsIn } from "../../kernel/sql";
import { type Assignments, assignedSql, regionContext } from "../geography/region-scope";
import { inOwnedSchools, ownedSchoolWhere, schoolScopeOf } from "../schools/ownership";
import { AWARD_SQL, markCertificatesPrinted, withdrawnCertificate } from "./certificate-codes";
import { type CertificateData, type CertificateIssuer, certificatesHtml } from "./certificate-document";

export interface CertificateViewer {
  userId: number;
  roleId: number;
}

/** The award of a ranked sheet (certificate-codes.ts, where the codes follow it). */
export { AWARD_SQL };

/** What the page of a whole certificate run prints with: no margins, the page's own CSS size. */
const PAGE_OPTIONS = { landscape: true, margin: { top: "0", right: "0", bottom: "0", left: "0" } } as const;

const isCertificateLevel = (level: string): level is CertificateLevel =>
  (CERTIFICATE_LEVELS as readonly string[]).includes(level);

// ── Who sees which sheets ───────────────────────────────────────────────────────────────────────

/** The sheets (`a` = answer_sheets) a viewer may see; admins all, others as docs/domain.md, Region scoping says. */
async function visibleSheets(db: DbOrTx, viewer: CertificateViewer): Promise<SQL> {
  if (inGroup(ROLE_GROUPS.admins, viewer.roleId)) return sql`true`;
  if (inGroup(ROLE_GROUPS.coordinators, viewer.roleId)) {
    const { assigned } = await regionContext(db, viewer);
    return assignedSql("a", assigned);
  }
  if (inGroup(ROLE_GROUPS.schoolAccounts, viewer.roleId)) {
    return inOwnedSchools(sql`a.school_id`, await schoolScopeOf(db, viewer));
  }
  // A student sees its own sheets only: the student its sign-in belongs to (issue 16).
  if (viewer.roleId === ROLE.student) {
    return sql`a.student_id = (select student_id from users where id = ${viewer.userId})`;
  }
  return sql`false`;
}

// ── One certificate ─────────────────────────────────────────────────────────────────────────────

interface CertificateRow {
  id: number;
  student_id: number;
  school_id: number | null;
  first_name: string;
  last_name: string;
  roll_number: string;
  class_level: number;
  exam_kind: CertificateLevel;
  exam_year: string;
  school_name: string;
  award: AwardCode | null;
  state_name: string | null;
  district_name: string | null;
  verify_code: string;
}

const CERTIFICATE_COLUMNS = sql`a.id, a.student_id, a.school_id, st.first_name, st.last_name, a.roll_number,
  a.class_level, a.exam_kind, y.label as exam_year,
  coalesce(sc.name, st.unlisted_school_name, '') as school_name, ${AWARD_SQL} as award,
  gs.name as state_name, gd.name as district_name, a.verify_code`;

const CERTIFICATE_FROM = sql`answer_sheets a
  join students st on st.id = a.student_id
  join exam_years y on y.id = a.exam_year_id
  left join schools sc on sc.id = a.school_id
  left join result_ranks r on r.sheet_id = a.id
  left join states gs on gs.id = a.state_id
  left join districts gd on gd.id = a.district_id`;

const studentName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();

function certificateData(row: CertificateRow): CertificateData {
  const award = AWARDS.find((a) => a.code === row.award);
  return {
    studentName: studentName(row),
    rollNumber: row.roll_number,
    schoolName: row.school_name,
    classLevel: Number(row.class_level),
    level: row.exam_kind,
    examYear: row.exam_year,
    award: award?.code ?? null,
    awardPlace: award?.per === "state" ? row.state_name : award?.per === "district" ? row.district_name : null,
    verifyCode: row.verify_code,
  };
}

/** Who issues certificates and where their QR codes point (the school app's /verify/{code}). */
export function certificateIssuer(config: Services["config"], issuedAt = new Date()): CertificateIssuer {
  return {
    name: config.invoiceIssuer.name,
    verifyUrl: (code) => `${config.schoolOrigin}${verifyPath(code)}`,
    issuedAt,
  };
}

/**
 * One student's certificate of a level as a PDF. 404 when the student has no stored sheet of the
 * level or the viewer may not see it (the same answer, so that ids cannot be probed).
 */
export async function certificatePdf(
  services: Pick<Services, "database" | "pdf" | "config">,
  viewer: CertificateViewer,
  studentId: number,
  level: CertificateLevel,
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const db = services.database.db;
  if (!Number.isSafeInteger(studentId) || !isCertificateLevel(level)) throw notFound("Certificate");
  const [row] = await queryRows<CertificateRow>(
    db,
    sql`select ${CERTIFICATE_COLUMNS} from ${CERTIFICATE_FROM}
        where a.student_id = ${studentId} and a.exam_kind = ${level} and ${await visibleSheets(db, viewer)}`,
  );
  if (!row) throw notFound("Certificate");
  const html = await certificatesHtml([certificateData(row)], certificateIssuer(services.config), await fontFaceCss());
  const bytes = await services.pdf.render(html, PAGE_OPTIONS);
  await markCertificatesPrinted(db, [row.verify_code]);
  const name = slug(studentName(row)) || "student";
  return { bytes, fileName: `certificate-${level}-${row.roll_number}-${name}.pdf` };
}

/**
 * The public check behind a certificate's QR code: only what the certificate itself says about
 * the student (name, school, level, year, award). A withdrawn code (decision 060) says when and
 * why, with what its certificate printed. A mock sheet has no certificate: 404 like an unknown code.
 */
export async function verifyCertificate(db: DbOrTx, code: string): Promise<CertificateVerification> {
  const clean = code.trim().toUpperCase();
  if (!/^[A-Z0-9]{6,32}$/.test(clean)) throw notFound("Certificate");
  const [row] = await queryRows<CertificateRow>(
    db,
    sql`select ${CERTIFICATE_COLUMNS} from ${CERTIFICATE_FROM}
        where a.verify_code = ${clean} and a.exam_kind in ('level1', 'level2')`,
  );
  if (row && isCertificateLevel(row.exam_kind)) {
    return {
      status: "valid",
      student_name: studentName(row),
      school_name: row.school_name,
      level: row.exam_kind,
      level_name: examLevelLabel(row.exam_kind),
      exam_year: row.exam_year,
      award: row.award ?? null,
      award_name: awardName(row.award),
      withdrawn_at: null,
      withdrawn_reason: null,
    };
  }
  const withdrawn = await withdrawnCertificate(db, clean);
  if (!withdrawn || !isCertificateLevel(withdrawn.exam_kind)) throw notFound("Certificate");
  const award = AWARDS.find((a) => a.code === withdrawn.award)?.code ?? null;
  return {
    status: "withdrawn",
    student_name: withdrawn.student_name,
    school_name: withdrawn.school_name,
    level: withdrawn.exam_kind,
    level_name: examLevelLabel(withdrawn.exam_kind),
    exam_year: withdrawn.exam_year,
    award,
    award_name: awardName(award),
    withdrawn_at: new Date(withdrawn.withdrawn_at).toISOString(),
    withdrawn_reason: withdrawn.withdrawn_reason,
  };
}

// ── Bulk ────────────────────────────────────────────────────────────────────────────────────────

/** What a bulk job was asked for, fixed when it is queued (a retry renders exactly the same). */
interface BulkPayload {
  level: CertificateLevel;
  exam_year_id: number;
  output: CertificateOutput;
  school_id: number | null;
  district_id: number | null;
  state_id: number | null;
  /** A master institute's own schools, when it named none. */
  master_institute_id: number | null;
  /** A coordinator's region (null: the whole country). */
  assigned: Assignments | null;
  /** For the file's name. */
  scope_name: string;
}

/** The sheets a payload covers (`a` = answer_sheets). */
function payloadWhere(payload: BulkPayload): SQL {
  const parts: SQL[] = [
    sql`a.exam_year_id = ${payload.exam_year_id}`,
    sql`a.exam_kind = ${payload.level}`,
    assignedSql("a", payload.assigned),
  ];
  if (payload.school_id !== null) parts.push(sql`a.school_id = ${payload.school_id}`);
  if (payload.district_id !== null) parts.push(sql`a.district_id = ${payload.district_id}`);
  if (payload.state_id !== null) parts.push(sql`a.state_id = ${payload.state_id}`);
  if (payload.master_institute_id !== null)
    parts.push(inOwnedSchools(sql`a.school_id`, { kind: "institute", masterInstituteId: payload.master_institute_id }));
  return sql.join(parts, sql` and `);
}

/** A region node or school is one the viewer oversees (at or below one of its assignments). */
async function nodeVisible(db: DbOrTx, assigned: Assignments | null, node: SQL, extra: SQL = sql`false`) {
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select n.name from (${node}) n where ${assignedSql("n", assigned)} or ${extra}`,
  );
  return row?.name ?? null;
}

/** A state that holds one of a prant or district coordinator's nodes (its run keeps to them). */
const holdsAssignment = (stateId: number, assigned: Assignments | null): SQL =>
  assigned
    ? sql`exists (select 1 from prants p where p.state_id = ${stateId}
          and (${idsIn(sql`p.id`, assigned.prants)} or exists (select 1 from districts d where d.prant_id = p.id
            and ${idsIn(sql`d.id`, assigned.districts)})))`
    : sql`false`;

/**
 * Queues a bulk run after checking what it covers: a school account its own students (a master
 * institute: one of its schools, or all of them); admins and coordinators one school, district or
 * state of their region (404 outside it; a prant or district coordinator's state run holds only
 * its own part). Refuses an empty or too large run before queuing it.
 */
export async function startBulkCertificates(
  db: DbOrTx,
  viewer: CertificateViewer,
  body: BulkCertificatesBody,
): Promise<{ jobId: number; certificates: number }> {
  const { year, assigned } = await regionContext(db, viewer);
  const payload: BulkPayload = {
    level: body.level,
    exam_year_id: year.id,
    output: body.output,
    school_id: body.school_id ?? null,
    district_id: body.district_id ?? null,
    state_id: body.state_id ?? null,
    master_institute_id: null,
    assigned,
    scope_name: "",
  };
  if (inGroup(ROLE_GROUPS.schoolAccounts, viewer.roleId)) {
    if (body.district_id !== undefined || body.state_id !== undefined) {
      throw invalidField(
        body.district_id !== undefined ? "district_id" : "state_id",
        "A school downloads its own students' certificates: leave out district_id and state_id",
      );
    }
    const scope = await schoolScopeOf(db, viewer);
    if (scope.kind === "school") {
      if (payload.school_id !== null && payload.school_id !== scope.schoolId) throw notFound("School");
      payload.school_id = scope.schoolId;
    } else if (payload.school_id === null) {
      payload.master_institute_id = scope.masterInstituteId;
    }
    const [school] = await queryRows<{ name: string }>(
      db,
      payload.school_id !== null
        ? sql`select sc.name from schools sc where ${ownedSchoolWhere(scope, payload.school_id)}`
        : sql`select name from master_institutes where id = ${payload.master_institute_id}`,
    );
    if (!school) throw notFound("School");
    payload.scope_name = school.name;
  } else {
    let name: string | null = null;
    if (payload.school_id !== null) {
      name = await nodeVisible(
        db,
        assigned,
        sql`select id, name, zone_id, state_id, prant_id, district_id from schools where id = ${payload.school_id}`,
      );
      if (name === null) throw notFound("School");
    } else if (payload.district_id !== null) {
      name = await nodeVisible(
        db,
        assigned,
        sql`select d.id, d.name, s.zone_id, s.id as state_id, p.id as prant_id, d.id as district_id
            from districts d join prants p on p.id = d.prant_id join states s on s.id = p.state_id
            where d.id = ${payload.district_id}`,
      );
      if (name === null) throw notFound("District");
    } else if (payload.state_id !== null) {
      name = await nodeVisible(
        db,
        assigned,
        sql`select s.id, s.name, s.zone_id, s.id as state_id, null::int as prant_id, null::int as district_id
            from states s where s.id = ${payload.state_id}`,
        holdsAssignment(payload.state_id, assigned),
      );
      if (name === null) throw notFound("State");
    } else {
      throw invalidField("school_id", "Choose whose certificates to make: a school_id, a district_id or a state_id");
    }
    payload.scope_name = name;
  }
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from answer_sheets a where ${payloadWhere(payload)}
        limit ${CERTIFICATE_LIMITS.maxPerJob + 1}) x`,
  );
  const certificates = Number(counted?.n ?? 0);
  if (certificates === 0) {
    throw new ApiError(
      422,
      `There are no ${examLevelLabel(body.level)} answer sheets of ${payload.scope_name} yet, so no certificates to make.`,
    );
  }
  if (certificates > CERTIFICATE_LIMITS.maxPerJob) {
    throw new ApiError(
      422,
      `${payload.scope_name} has more than ${CERTIFICATE_LIMITS.maxPerJob.toLocaleString("en-IN")} certificates: make them district by district or school by school.`,
    );
  }
  const jobId = await enqueueJob(db, {
    kind: CERTIFICATE_BULK_JOB,
    payload: payload as unknown as Record<string, unknown>,
    createdBy: viewer.userId,
  });
  return { jobId, certificates };
}

/** Where a bulk job's file is stored: one key per job, so a retry overwrites its own file. */
const bulkKey = (jobId: number, output: CertificateOutput) => `certificates/bulk-${jobId}.${output}`;

const bulkFileName = (payload: BulkPayload, output: CertificateOutput) =>
  `certificates-${payload.level}-${slug(payload.scope_name) || "all"}.${output}`;

/**
 * Renders a bulk run: the sheets' ids in print order (school, class, roll number), then chunks of
 * CERTIFICATE_LIMITS.pagesPerRender certificates, one Chromium print each (two at a time, as many
 * as the PDF service prints at once), merged in order with pdf-lib into one PDF, or into one PDF
 * per school for a zip. Idempotent: a retry renders the same pages into the same storage key.
 */
export function bulkCertificatesJob(
  services: Pick<Services, "pdf" | "storage" | "config">,
  options: { pagesPerRender?: number } = {},
): JobHandler {
  return async ({ db, job, progress }: JobContext) => {
    const payload = job.payload as unknown as BulkPayload;
    if (!isCertificateLevel(payload.level)) throw new JobError("This job names no exam level.");
    const output: CertificateOutput = payload.output === "zip" ? "zip" : "pdf";
    const result = await renderBulk(db, services, payload, output, progress, options.pagesPerRender);
    await services.storage.put(bulkKey(job.id, output), result.bytes);
    return {
      certificates: result.certificates,
      output,
      file_name: bulkFileName(payload, output),
      bytes: result.bytes.byteLength,
      files: result.files,
    } satisfies BulkCertificatesResult;
  };
}

/** The sheets of a run in print order, with the school each belongs to (for the zip's files). */
async function bulkOrder(db: Db, payload: BulkPayload) {
  const rows = await queryRows<{ id: number; school_id: number | null; school_name: string }>(
    db,
    sql`select a.id, a.school_id, coalesce(sc.name, '') as school_name
        from answer_sheets a left join schools sc on sc.id = a.school_id
        where ${payloadWhere(payload)}
        order by sc.name nulls last, a.school_id nulls last, a.class_level, a.roll_number`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    schoolId: row.school_id === null ? null : Number(row.school_id),
    schoolName: row.school_name,
  }));
}

/** The rows of some sheets, in the order of `ids`. */
async function certificateRows(db: Db, ids: readonly number[]): Promise<CertificateRow[]> {
  const rows = await queryRows<CertificateRow>(
    db,
    sql`select ${CERTIFICATE_COLUMNS} from ${CERTIFICATE_FROM}
        where a.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * Saving yields to the event loop every 2,000 objects (pdf-lib's default of 50 costs seconds on
 * 10,000 pages); without object streams nothing is deflated twice (the pages' own streams are
 * compressed already): a tenth larger, a third faster.
 */
const SAVE_OPTIONS = { objectsPerTick: 2000, useObjectStreams: false } as const;

async function renderBulk(
  db: Db,
  services: Pick<Services, "pdf" | "config">,
  payload: BulkPayload,
  output: CertificateOutput,
  progress: JobContext["progress"],
  pagesPerRender: number = CERTIFICATE_LIMITS.pagesPerRender,
): Promise<{ bytes: Uint8Array; certificates: number; files: number }> {
  const order = await bulkOrder(db, payload);
  if (order.length === 0) throw new JobError("There are no answer sheets to make certificates of any more.");
  await progress(0, order.length);
  const fontCss = await fontFaceCss();
  const issuer = certificateIssuer(services.config);
  const chunks: (typeof order)[] = [];
  for (let at = 0; at < order.length; at += pagesPerRender) chunks.push(order.slice(at, at + pagesPerRender));

  const render = async (chunk: typeof order) => {
    const rows = await certificateRows(
      db,
      chunk.map((sheet) => sheet.id),
    );
    const html = await certificatesHtml(rows.map(certificateData), issuer, fontCss);
    // A sheet deleted since the run began (a reset) is left out.
    const kept = new Set(rows.map((row) => Number(row.id)));
    const pdf = await services.pdf.render(html, PAGE_OPTIONS);
    await markCertificatesPrinted(
      db,
      rows.map((row) => row.verify_code),
    );
    return { chunk: chunk.filter((sheet) => kept.has(sheet.id)), pdf };
  };

  // One document for a PDF; for a zip, one per school, closed when the next school starts.
  const files: Record<string, [Uint8Array, { level: 0 }]> = {};
  let merged = await PDFDocument.create();
  let current = null as { key: string; name: string } | null;
  let pages = 0;
  const close = async () => {
    if (!current) return;
    files[current.name] = [await merged.save(SAVE_OPTIONS), { level: 0 }];
    merged = await PDFDocument.create();
    current = null;
  };

  // Two renders in flight, as many as the PDF service prints at once; merged strictly in order.
  const inFlight: ReturnType<typeof render>[] = [];
  let next = 0;
  const more = () => {
    while (inFlight.length < 2 && next < chunks.length) {
      const rendering = render(chunks[next++] as typeof order);
      rendering.catch(() => undefined);
      inFlight.push(rendering);
    }
  };
  more();
  while (inFlight.length > 0) {
    const { chunk, pdf } = await (inFlight.shift() as ReturnType<typeof render>);
    more();
    // A chunk is our own small PDF: parsed in one go.
    const source = await PDFDocument.load(pdf, { parseSpeed: ParseSpeeds.Fastest });
    if (source.getPageCount() !== chunk.length) {
      throw new Error(
        `A certificate run printed ${countOf(source.getPageCount(), COUNTED.page)} for ${countOf(chunk.length, COUNTED.certificate)}`,
      );
    }
    if (output === "pdf") {
      for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
    } else {
      // Consecutive pages of one school go together.
      let at = 0;
      while (at < chunk.length) {
        const first = chunk[at] as (typeof order)[number];
        let end = at + 1;
        while (end < chunk.length && chunk[end]?.schoolId === first.schoolId) end++;
        const key = String(first.schoolId ?? "individual");
        if (current?.key !== key) {
          await close();
          const name =
            first.schoolId === null ? "individual-students" : `${slug(first.schoolName) || "school"}-${first.schoolId}`;
          current = { key, name: `${name}.pdf` };
        }
        const indices = Array.from({ length: end - at }, (_, i) => at + i);
        for (const page of await merged.copyPages(source, indices)) merged.addPage(page);
        at = end;
      }
    }
    pages += chunk.length;
    await progress(pages, order.length);
  }
  if (output === "pdf") {
    return { bytes: await merged.save(SAVE_OPTIONS), certificates: pages, files: 1 };
  }
  await close();
  return { bytes: zipSync(files), certificates: pages, files: Object.keys(files).length };
}

/** A finished bulk job's file, for the user who started it only (anyone else: 404). */
export async function bulkCertificatesFile(
  services: Pick<Services, "database" | "storage">,
  viewer: CertificateViewer,
  jobId: number,
): Promise<{ bytes: Uint8Array; fileName: string; mime: string }> {
  if (!Number.isSafeInteger(jobId)) throw notFound("Certificates file");
  const [job] = await queryRows<{ status: string; result: unknown; created_by: number | null }>(
    services.database.db,
    sql`select status, result, created_by from jobs where id = ${jobId} and kind = ${CERTIFICATE_BULK_JOB}`,
  );
  if (!job || Number(job.created_by) !== viewer.userId) throw notFound("Certificates file");
  if (job.status !== "done") throw new ApiError(409, "The certificates are not ready yet: wait for the job to finish.");
  const result = (typeof job.result === "string" ? JSON.parse(job.result) : job.result) as BulkCertificatesResult;
  if (result.removed_at) {
    throw new ApiError(
      410,
      `This file was removed ${CERTIFICATE_LIMITS.bulkFileDays} days after it was made. Make the certificates again to download them.`,
    );
  }
  const bytes = await services.storage.get(bulkKey(jobId, result.output));
  if (!bytes) throw notFound("Certificates file");
  return {
    bytes,
    fileName: result.file_name,
    mime: result.output === "zip" ? "application/zip" : "application/pdf",
  };
}

/**
 * Removes the files of bulk runs finished more than `bulkFileDays` ago (removeOldJobFiles).
 */
export function removeOldBulkCertificates(services: Pick<Services, "database" | "storage">, now = new Date()) {
  return removeOldJobFiles(services, {
    kind: CERTIFICATE_BULK_JOB,
    days: CERTIFICATE_LIMITS.bulkFileDays,
    keyOf: (id, result) => bulkKey(id, result.output === "zip" ? "zip" : "pdf"),
    now,
  });
}

// ── The school's Results list ───────────────────────────────────────────────────────────────────

interface SchoolResultRaw {
  student_id: number;
  roll_number: string;
  first_name: string;
  last_name: string;
  class_level: number;
  school_id: number | null;
  school_name: string;
  level: OwnSchoolResultRow["level"];
  total: number;
  school_rank: number | null;
  award: AwardCode | null;
  verify_code: string;
}

function ownSchoolResultRow(row: SchoolResultRaw): OwnSchoolResultRow {
  const ranked = isCertificateLevel(row.level);
  return {
    student_id: Number(row.student_id),
    roll_number: row.roll_number,
    first_name: row.first_name,
    last_name: row.last_name,
    class_level: Number(row.class_level),
    school_id: row.school_id === null ? null : Number(row.school_id),
    school_name: row.school_name,
    level: row.level,
    total: marksOf(Number(row.total)),
    school_rank: row.school_rank === null ? null : Number(row.school_rank),
    award: ranked ? (row.award ?? null) : null,
    award_name: ranked ? awardName(row.award) : null,
    verify_code: ranked ? row.verify_code : null,
  };
}

/** The list's conditions for a school account: its school (a master institute: its schools, or one). */
async function schoolResultsWhere(db: DbOrTx, viewer: CertificateViewer, filters: OwnSchoolResultsFilters) {
  const { year } = await regionContext(db, viewer);
  const scope = await schoolScopeOf(db, viewer);
  const parts: SQL[] = [sql`a.exam_year_id = ${year.id}`, sql`a.exam_kind = ${filters.level}`];
  if (scope.kind === "school") {
    if (filters.school_id !== undefined && filters.school_id !== scope.schoolId) throw notFound("School");
    parts.push(inOwnedSchools(sql`a.school_id`, scope));
  } else {
    parts.push(inOwnedSchools(sql`a.school_id`, scope));
    if (filters.school_id !== undefined) {
      const [own] = await queryRows<{ id: number }>(
        db,
        sql`select sc.id from schools sc where ${ownedSchoolWhere(scope, filters.school_id)}`,
      );
      if (!own) throw notFound("School");
      parts.push(sql`a.school_id = ${filters.school_id}`);
    }
  }
  if (filters.class_level !== undefined) parts.push(sql`a.class_level = ${filters.class_level}`);
  const search = filters.search?.trim().replace(/\s+/g, " ");
  if (search) {
    const start = containing(search.toLowerCase()).slice(1);
    parts.push(
      sql`(lower(st.first_name || ' ' || st.last_name) like ${start} or lower(st.last_name) like ${start}
        or a.roll_number like ${containing(search.toUpperCase()).slice(1)})`,
    );
  }
  return sql.join(parts, sql` and `);
}

const SCHOOL_RESULT_SELECT = sql`select a.student_id, a.roll_number, st.first_name, st.last_name, a.class_level,
    a.school_id, coalesce(sc.name, '') as school_name, a.exam_kind as level, a.total, r.school_rank,
    ${AWARD_SQL} as award, a.verify_code
  from answer_sheets a
  join students st on st.id = a.student_id
  left join schools sc on sc.id = a.school_id
  left join result_ranks r on r.sheet_id = a.id`;

/** Classes in order, then the school's ranking (a mock: the marks), then roll numbers. */
const SCHOOL_RESULT_ORDER = sql`order by sc.name, a.school_id, a.class_level, r.school_rank nulls last, a.total desc, a.roll_number`;

/** GET /api/school/results: a page of the school's (or master institute's schools') students with sheets. */
export async function listSchoolResults(
  db: DbOrTx,
  viewer: CertificateViewer,
  query: OwnSchoolResultsQuery,
): Promise<Page<OwnSchoolResultRow>> {
  const where = await schoolResultsWhere(db, viewer, query);
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from answer_sheets a join students st on st.id = a.student_id where ${where}`,
  );
  const rows = await queryRows<SchoolResultRaw>(
    db,
    sql`${SCHOOL_RESULT_SELECT} where ${where} ${SCHOOL_RESULT_ORDER}
        limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return pageOf(rows.map(ownSchoolResultRow), Number(counted?.n ?? 0), query.page, query.per_page);
}

const EXPORT_BATCH = 2000;

/** The same list for its export, in batches. */
export async function* schoolResultsForExport(
  db: DbOrTx,
  viewer: CertificateViewer,
  filters: OwnSchoolResultsFilters,
): AsyncGenerator<OwnSchoolResultRow[]> {
  const where = await schoolResultsWhere(db, viewer, filters);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await queryRows<SchoolResultRaw>(
      db,
      sql`${SCHOOL_RESULT_SELECT} where ${where} ${SCHOOL_RESULT_ORDER} limit ${EXPORT_BATCH} offset ${offset}`,
    );
    if (rows.length > 0) yield rows.map(ownSchoolResultRow);
    if (rows.length < EXPORT_BATCH) return;
  }
}
