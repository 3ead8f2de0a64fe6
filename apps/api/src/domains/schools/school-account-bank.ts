import type { BankDetails, BankDetailsBody } from "@repo/contracts/schools";
import { CHEQUE_MAX_BYTES } from "@repo/contracts/schools-constants";
import type { Db, DbOrTx } from "@repo/db";
import { bankDetails, schools, users } from "@repo/db/schema";
import type { FileStorage } from "@repo/storage";
import { eq } from "drizzle-orm";
import { type Actor, recordActivity } from "../../kernel/activity";
import { acceptUpload, storeUpload, type UploadRule } from "../../kernel/files";
import { ApiError, invalidField, notFound } from "../../kernel/http/errors";
import type { Upload } from "../../kernel/http/multipart";
import { recheckPassword } from "../accounts/auth";
import { schoolScopeOf } from "./ownership";

const CHEQUE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" };

/** Whose bank details: a school (role 2) or a master institute (role 17). */
export type BankOwner = { schoolId: number } | { masterInstituteId: number };

/** Only the last four digits of an account number ever leave the API or enter the log. */
export function maskAccountNumber(accountNumber: string): string {
  const digits = accountNumber.replace(/\s/g, "");
  return `${"X".repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** The owner of the signed-in account's bank details. */
export async function ownBankOwner(db: DbOrTx, userId: number): Promise<BankOwner> {
  const scope = await schoolScopeOf(db, { userId });
  return scope.kind === "institute" ? { masterInstituteId: scope.masterInstituteId } : { schoolId: scope.schoolId };
}

/** A school by id, for admins; 404 when there is none. */
export async function schoolOwner(db: DbOrTx, schoolId: number): Promise<BankOwner> {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId));
  if (!school) throw notFound("School");
  return { schoolId };
}

const ownerWhere = (owner: BankOwner) =>
  "schoolId" in owner
    ? eq(bankDetails.schoolId, owner.schoolId)
    : eq(bankDetails.masterInstituteId, owner.masterInstituteId);

type Row = typeof bankDetails.$inferSelect;

function toBankDetails(row: Row): BankDetails {
  return {
    account_holder: row.accountHolder,
    account_number_masked: maskAccountNumber(row.accountNumber),
    ifsc: row.ifsc,
    bank_name: row.bankName,
    branch: row.branch,
    has_cheque: row.chequeFileKey !== null,
    updated_at: row.updatedAt.toISOString(),
    verified_at: row.verifiedAt ? row.verifiedAt.toISOString() : null,
  };
}

/** What the log keeps of a row: everything but the full account number. */
const logged = (row: Row | undefined) =>
  row
    ? {
        account_holder: row.accountHolder,
        account_number: maskAccountNumber(row.accountNumber),
        ifsc: row.ifsc,
        bank_name: row.bankName,
        branch: row.branch,
        cheque: row.chequeFileKey !== null,
      }
    : null;

/** Whether a save keeps the account money goes to (holder, number and IFSC). */
const sameAccount = (row: Row, body: BankDetailsBody) =>
  row.accountNumber === body.account_number &&
  row.ifsc === body.ifsc &&
  row.accountHolder.trim().toLowerCase() === body.account_holder.trim().toLowerCase();

/**
 * An admin confirms a school's bank details (e.g. against the cancelled cheque): payouts need it.
 * Saving a different account later clears the verification.
 */
export async function verifyBankDetails(db: Db, actor: Actor, owner: BankOwner): Promise<BankDetails> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(bankDetails).where(ownerWhere(owner)).for("update");
    if (!before) throw new ApiError(409, "This school has not saved bank details yet: nothing to verify.");
    const [row] = await tx
      .update(bankDetails)
      .set({ verifiedAt: new Date(), verifiedBy: actor.userId })
      .where(eq(bankDetails.id, before.id))
      .returning();
    if (!row) throw new Error("bank details were not verified");
    await recordActivity(tx, {
      userId: actor.userId,
      action: "bank-details.verify",
      entity: "bank_details",
      entityId: row.id,
      before: { verified_at: before.verifiedAt?.toISOString() ?? null },
      after: { ...logged(row), verified_at: row.verifiedAt?.toISOString() ?? null },
      requestId: actor.requestId,
    });
    return toBankDetails(row);
  });
}

export async function getBankDetails(db: DbOrTx, owner: BankOwner): Promise<BankDetails | null> {
  const [row] = await db.select().from(bankDetails).where(ownerWhere(owner));
  return row ? toBankDetails(row) : null;
}

const TYPE_OF_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.entries(CHEQUE_TYPES).map(([type, ext]) => [ext, type]),
);

/** The stored cancelled cheque of an owner, for download; 404 when none is on file. */
export async function chequeFile(
  db: DbOrTx,
  storage: FileStorage,
  owner: BankOwner,
): Promise<{ bytes: Uint8Array; contentType: string; fileName: string }> {
  const [row] = await db.select({ key: bankDetails.chequeFileKey }).from(bankDetails).where(ownerWhere(owner));
  const bytes = row?.key ? await storage.get(row.key) : undefined;
  if (!row?.key || !bytes) throw notFound("Cancelled cheque");
  const ext = row.key.split(".").at(-1) ?? "";
  return {
    bytes,
    contentType: TYPE_OF_EXTENSION[ext] ?? "application/octet-stream",
    fileName: `cancelled-cheque.${ext}`,
  };
}

/** The cancelled cheque: a picture or a PDF, checked by the files service (content, size, a PDF's safety). */
export const CHEQUE_RULE: UploadRule = {
  field: "cancelled_cheque",
  what: "The cheque",
  kinds: ["jpeg", "png", "pdf"],
  maxBytes: CHEQUE_MAX_BYTES,
};

async function storeCheque(storage: FileStorage, cheque: Upload): Promise<string> {
  const accepted = await acceptUpload(cheque, { ...CHEQUE_RULE, required: true });
  if (!accepted) throw invalidField(CHEQUE_RULE.field, "Choose the cheque to upload");
  return storeUpload(storage, "bank-cheques", accepted);
}

/**
 * Saves bank details after checking the actor's password again. The change is logged with the
 * account number masked; a replaced cheque file is removed once the new row is committed.
 */
export async function saveBankDetails(
  services: { db: Db; storage: FileStorage },
  actor: Actor,
  owner: BankOwner,
  body: BankDetailsBody,
  cheque: Upload | undefined,
): Promise<BankDetails> {
  const { db, storage } = services;
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.userId));
  const wrong = { field: "password", message: "The password is not correct" };
  if (!user) throw invalidField(wrong.field, wrong.message);
  await recheckPassword(db, actor.userId, user.hash, body.password, wrong);
  const chequeKey = cheque && cheque.size > 0 ? await storeCheque(storage, cheque) : undefined;
  let replacedKey: string | null = null;
  try {
    const saved = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(bankDetails).where(ownerWhere(owner)).for("update");
      const values = {
        accountHolder: body.account_holder,
        accountNumber: body.account_number,
        ifsc: body.ifsc,
        bankName: body.bank_name,
        branch: body.branch,
        updatedBy: actor.userId,
        updatedAt: new Date(),
        ...(chequeKey ? { chequeFileKey: chequeKey } : {}),
        // A changed account must be verified again before a payout goes to it.
        ...(before && !sameAccount(before, body) ? { verifiedAt: null, verifiedBy: null } : {}),
      };
      const [row] = before
        ? await tx.update(bankDetails).set(values).where(eq(bankDetails.id, before.id)).returning()
        : await tx
            .insert(bankDetails)
            .values({
              ...values,
              schoolId: "schoolId" in owner ? owner.schoolId : null,
              masterInstituteId: "masterInstituteId" in owner ? owner.masterInstituteId : null,
            })
            .returning();
      if (!row) throw new Error("bank details were not saved");
      if (chequeKey && before?.chequeFileKey) replacedKey = before.chequeFileKey;
      await recordActivity(tx, {
        userId: actor.userId,
        action: before ? "bank-details.update" : "bank-details.create",
        entity: "bank_details",
        entityId: row.id,
        before: logged(before),
        after: logged(row),
        requestId: actor.requestId,
      });
      return toBankDetails(row);
    });
    if (replacedKey) await storage.remove(replacedKey);
    return saved;
  } catch (error) {
    if (chequeKey) await storage.remove(chequeKey);
    throw error;
  }
}
