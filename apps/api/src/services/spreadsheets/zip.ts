import { createInflateRaw } from "node:zlib";
import { SpreadsheetError } from "./errors";

/**
 * Zip-bomb guard for XLSX uploads. The sizes an archive declares can lie, so every entry is
 * actually inflated (and the output thrown away) while counting; the count stops at the limit.
 * Runs before exceljs sees the file, which then only reads archives known to be small enough.
 */
export async function checkZip(bytes: Uint8Array, maxUncompressedBytes: number): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  if (end < 0) throw notWorkbook();
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (entries === 0xffff || offset === 0xffffffff) {
    // Zip64 is for archives far beyond our upload limit; no spreadsheet needs it.
    throw new SpreadsheetError("too-large", "This workbook is too large to import. Split it into smaller files.");
  }
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > view.byteLength || view.getUint32(offset, true) !== 0x02014b50) throw notWorkbook();
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    offset += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) {
      throw new SpreadsheetError(
        "encrypted",
        "This workbook is protected by a password. Save a copy without the password and upload that.",
      );
    }
    if (localOffset + 30 > view.byteLength || view.getUint32(localOffset, true) !== 0x04034b50) throw notWorkbook();
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    if (start + compressedSize > view.byteLength) throw notWorkbook();
    const data = bytes.subarray(start, start + compressedSize);
    if (method === 0) total += data.byteLength;
    else if (method === 8) total += await inflatedSize(data, maxUncompressedBytes - total);
    else throw notWorkbook();
    if (total > maxUncompressedBytes) throw zipBomb(maxUncompressedBytes);
  }
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  return -1;
}

/** Inflates and counts, without keeping the output; stops once more than `budget` came out. */
function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > budget) {
        inflate.destroy();
        resolve(size);
      }
    });
    inflate.on("end", () => resolve(size));
    inflate.on("error", () => reject(notWorkbook()));
    inflate.end(data);
  });
}

const notWorkbook = () =>
  new SpreadsheetError(
    "format",
    "This file looks like a zip archive but is not a readable Excel workbook (.xlsx). Open it in Excel, save it as an Excel Workbook and upload it again.",
  );

const zipBomb = (limit: number) =>
  new SpreadsheetError(
    "too-large",
    `This workbook unpacks to more than ${Math.round(limit / 1024 / 1024)} MB, more than any class list needs. Remove unused sheets, pictures or formatting, or split it into smaller files.`,
  );
