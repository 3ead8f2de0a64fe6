import { createInflateRaw } from "node:zlib";
import type { ZipLimits } from "@repo/contracts/uploads-constants";
import { SpreadsheetError } from "./errors";

/**
 * Zip-bomb guard for XLSX uploads (limits: XLSX_ZIP_LIMITS in contracts). Runs before exceljs sees
 * the file, which then only reads archives known to be small enough:
 * - at most `maxEntries` parts;
 * - the parts must follow one another from the first byte to the central directory with nothing
 *   between them, and each local header must agree with the directory: exceljs reads the local
 *   headers in order as a stream and never the directory, so a part the directory does not list
 *   (or lists with another size) would otherwise be read unchecked;
 * - the sizes an archive declares can lie, so every part is actually inflated (and the output
 *   thrown away) while counting: all of it at most `maxUncompressedBytes`, and no part unpacking
 *   to more than `maxEntryRatio` times its packed size once past `ratioGraceBytes`.
 */
export async function checkZip(bytes: Uint8Array, limits: ZipLimits): Promise<void> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  if (end < 0) throw notWorkbook();
  const entries = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (entries === 0xffff || directoryOffset === 0xffffffff) {
    // Zip64 is for archives far beyond our upload limit; no spreadsheet needs it.
    throw new SpreadsheetError("too-large", "This workbook is too large to import. Split it into smaller files.");
  }
  if (entries > limits.maxEntries) throw tooManyParts(entries, limits.maxEntries);
  if (directoryOffset + directorySize > end) throw notWorkbook();

  const parts: { localOffset: number; compressedSize: number; method: number; flags: number }[] = [];
  let offset = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== 0x02014b50) throw notWorkbook();
    const flags = view.getUint16(offset + 8, true);
    if (flags & 1) {
      throw new SpreadsheetError(
        "encrypted",
        "This workbook is protected by a password. Save a copy without the password and upload that.",
      );
    }
    parts.push({
      flags,
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset +=
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }

  parts.sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  let total = 0;
  for (const part of parts) {
    const at = part.localOffset;
    if (at !== expected || at + 30 > directoryOffset || view.getUint32(at, true) !== 0x04034b50) throw notWorkbook();
    const localFlags = view.getUint16(at + 6, true);
    const hasDescriptor = (part.flags & 8) !== 0;
    if (view.getUint16(at + 8, true) !== part.method || (localFlags & 8) !== (part.flags & 8) || localFlags & 1) {
      throw notWorkbook();
    }
    if (!hasDescriptor && view.getUint32(at + 18, true) !== part.compressedSize) throw notWorkbook();
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    let next = start + part.compressedSize;
    if (next > directoryOffset) throw notWorkbook();
    const data = bytes.subarray(start, next);
    if (part.method === 0) total += data.byteLength;
    else if (part.method === 8) {
      const inflated = await inflatedSize(data, limits.maxUncompressedBytes - total, limits);
      if (inflated.tooDense) throw zipBomb(limits);
      total += inflated.size;
    } else throw notWorkbook();
    if (total > limits.maxUncompressedBytes) throw tooLarge(limits.maxUncompressedBytes);
    // The data descriptor after the data: crc, sizes, with or without its signature.
    if (hasDescriptor) next += next + 4 <= directoryOffset && view.getUint32(next, true) === 0x08074b50 ? 16 : 12;
    expected = next;
  }
  if (expected !== directoryOffset) throw notWorkbook();
}

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === 0x06054b50) return at;
  }
  return -1;
}

/**
 * Inflates and counts, without keeping the output; stops once more than `budget` came out, or
 * once the part unpacks denser than the ratio limit allows.
 */
function inflatedSize(
  data: Uint8Array,
  budget: number,
  limits: ZipLimits,
): Promise<{ size: number; tooDense: boolean }> {
  const densest = Math.max(limits.ratioGraceBytes, data.byteLength * limits.maxEntryRatio);
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let size = 0;
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > budget || size > densest) {
        inflate.destroy();
        resolve({ size, tooDense: size > densest && size <= budget });
      }
    });
    inflate.on("end", () => resolve({ size, tooDense: false }));
    inflate.on("error", () => reject(notWorkbook()));
    inflate.end(data);
  });
}

const notWorkbook = () =>
  new SpreadsheetError(
    "format",
    "This file looks like a zip archive but is not a readable Excel workbook (.xlsx). Open it in Excel, save it as an Excel Workbook and upload it again.",
  );

const tooLarge = (limit: number) =>
  new SpreadsheetError(
    "too-large",
    `This workbook unpacks to more than ${Math.round(limit / 1024 / 1024)} MB, more than any class list needs. Remove unused sheets, pictures or formatting, or split it into smaller files.`,
  );

const zipBomb = (limits: ZipLimits) =>
  new SpreadsheetError(
    "too-large",
    `This workbook is packed more than ${limits.maxEntryRatio} times tighter than any spreadsheet is, as a zip bomb is, and was not opened. Open it in Excel, save it as a new workbook and upload that.`,
  );

const tooManyParts = (entries: number, limit: number) =>
  new SpreadsheetError(
    "too-large",
    `This workbook has ${entries.toLocaleString("en-IN")} parts inside; a spreadsheet has far fewer than ${limit.toLocaleString("en-IN")}. Copy the sheet into a new workbook and upload that.`,
  );
