/**
 * A school's admit cards in one PDF (issue 35 item 1, decision 050): the cards of its paid students
 * of a level (all classes or one), a page each, each the very document the student downloads
 * (student-area/admit-card.ts). Always a job, the bulk certificates' path: queued, printed in
 * chunks, merged, kept for its starter to download. Who is left out is counted by the same rule.
 */
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { COUNTED, countOf } from "@repo/contracts/plural";
import type { AdmitCardsQuery, AdmitCardsResult, AdmitCardsSummary } from "@repo/contracts/school-printouts";
import {
  ADMIT_CARDS_BULK_JOB,
  ADMIT_CARDS_LEFT_OUT,
  ADMIT_CARDS_LIMITS,
} from "@repo/contracts/school-printouts-constants";
import { ADMIT_CARD_REASONS, type AdmitCardLevel, type AdmitCardReason } from "@repo/contracts/student-area-constants";
import type { DbOrTx } from "@repo/db";
import { sql } from "drizzle-orm";
import { ParseSpeeds, PDFDocument } from "pdf-lib";
import type { Services } from "../../../context";
import { fileSlug as slug } from "../../../kernel/files";
import { ApiError, notFound } from "../../../kernel/http/errors";
import {
  enqueueJob,
  getJob,
  type JobContext,
  JobError,
  type JobHandler,
  removeOldJobFiles,
} from "../../../kernel/jobs/jobs";
import { fontFaceCss } from "../../../kernel/pdf";
import { activeExamYear } from "../../programme/exam-year";
import { type AdmitCardFacts, admitCardBlocked, admitCardData, level1For } from "../../student-area/admit-card";
import { admitCardsHtml } from "../../student-area/admit-card-document";
import { studentsWhere, yearSchedules } from "../../student-area/own-student";
import type { StudentViewer } from "../../students/students";
import { schoolPaysFor } from "../ownership";
import { printoutSchool } from "./school";

/** What a job prints, fixed when it is queued. */
interface AdmitCardsPayload {
  level: AdmitCardLevel;
  exam_year_id: number;
  school_id: number;
  school_name: string;
  class_level: number | null;
}

/** The school's students of the run sorted into cards to print and the others, by the student area's rule. */
async function roster(db: DbOrTx, payload: AdmitCardsPayload) {
  const students = await studentsWhere(
    db,
    sql`${schoolPaysFor(payload.school_id)} and s.exam_year_id = ${payload.exam_year_id}
        ${payload.class_level === null ? sql`` : sql`and s.class_level = ${payload.class_level}`}`,
  );
  const schedules = await yearSchedules(db, payload.exam_year_id, payload.class_level ?? undefined);
  const cards: AdmitCardFacts[] = [];
  const leftOut = new Map<AdmitCardReason, number>();
  for (const student of students) {
    const paid = student.paymentStatus === "paid";
    const facts: AdmitCardFacts = {
      student,
      level: payload.level,
      schedule: schedules.get(student.classLevel)?.get(payload.level),
      level1: paid ? await level1For(db, student.id, payload.level) : undefined,
    };
    const reason = admitCardBlocked(facts);
    if (reason) leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1);
    else cards.push(facts);
  }
  return { cards, leftOut };
}

async function payloadOf(db: DbOrTx, viewer: StudentViewer, query: AdmitCardsQuery): Promise<AdmitCardsPayload> {
  const school = await printoutSchool(db, viewer, query.school_id);
  const year = await activeExamYear(db);
  return {
    level: query.level,
    exam_year_id: year.id,
    school_id: school.id,
    school_name: school.name,
    class_level: query.class_level ?? null,
  };
}

function summaryOf(
  payload: AdmitCardsPayload,
  cards: number,
  leftOut: Map<AdmitCardReason, number>,
): AdmitCardsSummary {
  const level = examLevelLabel(payload.level);
  return {
    level: payload.level,
    school_id: payload.school_id,
    school_name: payload.school_name,
    class_level: payload.class_level,
    cards,
    left_out: ADMIT_CARD_REASONS.flatMap((reason) => {
      const students = leftOut.get(reason) ?? 0;
      return students ? [{ reason, students, message: ADMIT_CARDS_LEFT_OUT[reason](students, level) }] : [];
    }),
  };
}

/** GET: how many cards a run would print, and who is left out and why. */
export async function admitCardsSummary(
  db: DbOrTx,
  viewer: StudentViewer,
  query: AdmitCardsQuery,
): Promise<AdmitCardsSummary> {
  const payload = await payloadOf(db, viewer, query);
  const { cards, leftOut } = await roster(db, payload);
  return summaryOf(payload, cards.length, leftOut);
}

/** POST: queues the run; refuses one with no card to print (saying who is left out) or too many. */
export async function startAdmitCards(
  db: DbOrTx,
  viewer: StudentViewer,
  query: AdmitCardsQuery,
): Promise<{ jobId: number; summary: AdmitCardsSummary }> {
  const payload = await payloadOf(db, viewer, query);
  const { cards, leftOut } = await roster(db, payload);
  const summary = summaryOf(payload, cards.length, leftOut);
  if (cards.length === 0) {
    const why = summary.left_out.map((l) => l.message).join(" ");
    throw new ApiError(422, `There is no ${examLevelLabel(payload.level)} admit card to print.${why ? ` ${why}` : ""}`);
  }
  if (cards.length > ADMIT_CARDS_LIMITS.maxPerJob) {
    throw new ApiError(
      422,
      `${payload.school_name} has more than ${ADMIT_CARDS_LIMITS.maxPerJob.toLocaleString("en-IN")} admit cards: print them class by class.`,
    );
  }
  const jobId = await enqueueJob(db, {
    kind: ADMIT_CARDS_BULK_JOB,
    payload: payload as unknown as Record<string, unknown>,
    createdBy: viewer.userId,
  });
  return { jobId, summary };
}

const fileKey = (jobId: number) => `admit-cards/bulk-${jobId}.pdf`;

/**
 * Prints a run: the cards in class and roll-number order, ADMIT_CARDS_LIMITS.cardsPerRender per
 * Chromium print, merged in order into one PDF. Idempotent: a retry prints into the same key.
 */
export function admitCardsJob(
  services: Pick<Services, "pdf" | "storage" | "config" | "database">,
  options: { cardsPerRender?: number } = {},
): JobHandler {
  const perRender = options.cardsPerRender ?? ADMIT_CARDS_LIMITS.cardsPerRender;
  return async ({ db, job, progress }: JobContext) => {
    const payload = job.payload as unknown as AdmitCardsPayload;
    const { cards } = await roster(db, payload);
    if (cards.length === 0) throw new JobError("There are no admit cards to print any more.");
    await progress(0, cards.length);
    const fontCss = await fontFaceCss();
    const merged = await PDFDocument.create();
    for (let at = 0; at < cards.length; at += perRender) {
      const chunk = cards.slice(at, at + perRender);
      const data = [];
      for (const facts of chunk) data.push(await admitCardData(services, facts));
      const pdf = await PDFDocument.load(await services.pdf.render(admitCardsHtml(data, fontCss)), {
        parseSpeed: ParseSpeeds.Fastest,
      });
      // One card per page: anything else is a layout fault, never a file to hand out.
      if (pdf.getPageCount() !== chunk.length) {
        throw new Error(
          `An admit-card run printed ${countOf(pdf.getPageCount(), COUNTED.page)} for ${countOf(chunk.length, COUNTED.admitCard)}`,
        );
      }
      for (const page of await merged.copyPages(pdf, pdf.getPageIndices())) merged.addPage(page);
      await progress(at + chunk.length, cards.length);
    }
    const bytes = await merged.save({ objectsPerTick: 2000, useObjectStreams: false });
    await services.storage.put(fileKey(job.id), bytes);
    const classPart = payload.class_level === null ? "" : `-class-${payload.class_level}`;
    return {
      cards: cards.length,
      file_name: `admit-cards-${payload.level}-${slug(payload.school_name) || "school"}${classPart}.pdf`,
      bytes: bytes.byteLength,
    } satisfies AdmitCardsResult;
  };
}

/** A finished run's PDF, for the user who started it only (getJob's rule; anyone else: 404). */
export async function admitCardsFile(
  services: Pick<Services, "database" | "storage">,
  viewer: StudentViewer,
  jobId: number,
): Promise<{ bytes: Uint8Array; fileName: string; mime: string }> {
  const job = await getJob(services.database.db, jobId, viewer).catch(() => null);
  if (!job || job.kind !== ADMIT_CARDS_BULK_JOB || job.status === "failed") throw notFound("Admit cards file");
  if (job.status !== "done") throw new ApiError(409, "The admit cards are not ready yet: wait for the job to finish.");
  const result = job.result as AdmitCardsResult;
  if (result.removed_at) {
    throw new ApiError(
      410,
      `This file was removed ${ADMIT_CARDS_LIMITS.fileDays} days after it was made. Make the admit cards again to download them.`,
    );
  }
  const bytes = await services.storage.get(fileKey(jobId));
  if (!bytes) throw notFound("Admit cards file");
  return { bytes, fileName: result.file_name, mime: "application/pdf" };
}

/** Housekeeping: the runs' files ADMIT_CARDS_LIMITS.fileDays after they were made (print them again after that). */
export const removeOldAdmitCards = (services: Pick<Services, "database" | "storage">, now = new Date()) =>
  removeOldJobFiles(services, {
    kind: ADMIT_CARDS_BULK_JOB,
    days: ADMIT_CARDS_LIMITS.fileDays,
    keyOf: (id) => fileKey(id),
    now,
  });
