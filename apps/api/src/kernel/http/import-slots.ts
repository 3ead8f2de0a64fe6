import { SPREADSHEET_IMPORTS } from "@repo/contracts/uploads-constants";
import type { Context, Next } from "hono";
import type { AppEnv } from "../../context";
import { signedIn } from "../auth/middleware";
import { ApiError } from "./errors";

/**
 * How many spreadsheet uploads this API process reads at once (issue 34, item 2;
 * docs/decisions/046-imports-never-block-the-event-loop.md): one per account and
 * SPREADSHEET_IMPORTS.total in all. Reading a 20 MB file takes seconds of CPU even when it yields;
 * a second upload from the same account is refused at once, before its body is read, with 429
 * and Retry-After, instead of splitting the process's time further.
 */
const reading = new Map<number, number>();
let total = 0;

const busy = (message: string) =>
  new ApiError(429, message, [{ field: "file", message }], {
    "Retry-After": String(SPREADSHEET_IMPORTS.retryAfterSeconds),
  });

export const OWN_IMPORT_BUSY =
  "Your previous file is still being read. Wait until it is done, then upload this one again.";
export const IMPORTS_BUSY =
  "The portal is reading other schools' files right now. Upload yours again in a few seconds.";

// A function declaration, not a const: routes.ts uses it while the route modules load (an import cycle).
export async function holdImportSlot(c: Context<AppEnv>, next: Next): Promise<void> {
  const { userId } = signedIn(c);
  const own = reading.get(userId) ?? 0;
  if (own >= SPREADSHEET_IMPORTS.perAccount) throw busy(OWN_IMPORT_BUSY);
  if (total >= SPREADSHEET_IMPORTS.total) throw busy(IMPORTS_BUSY);
  reading.set(userId, own + 1);
  total++;
  try {
    await next();
  } finally {
    total--;
    const left = (reading.get(userId) ?? 1) - 1;
    if (left > 0) reading.set(userId, left);
    else reading.delete(userId);
  }
}
