import { SPREADSHEET_IMPORTS, XLSX_ZIP_LIMITS } from "@repo/contracts/uploads-constants";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import {
  type ColumnSpec,
  csvGuarded,
  csvRunsAsFormula,
  csvStream,
  errorsWorkbook,
  headerKey,
  keepsTextFormat,
  openSpreadsheet,
  type SheetRow,
  SpreadsheetError,
  sniffFormat,
  templateWorkbook,
  xlsxStream,
} from "../src/kernel/spreadsheets/index";
import { checkZip } from "../src/kernel/spreadsheets/zip";
import { csv, xlsx, zip, zipBomb } from "./fixtures/spreadsheets/fixtures";

/** The generic engine on its own: no database, no students. */

const COLUMNS: ColumnSpec[] = [
  { key: "name", header: "Name", aliases: ["नाम", "Full name"], required: true },
  { key: "city", header: "City", aliases: ["शहर"] },
  { key: "born", header: "Date of birth", aliases: ["DOB"] },
];
const LIMITS = { maxBytes: 1024 * 1024, maxRows: 5 };

async function read(bytes: Uint8Array, options: Partial<Parameters<typeof openSpreadsheet>[1]> = {}) {
  const sheet = await openSpreadsheet(bytes, { columns: COLUMNS, limits: LIMITS, ...options });
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return { ...sheet, rows };
}

async function refusal(run: () => Promise<unknown>): Promise<SpreadsheetError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error("expected a SpreadsheetError");
}

const book = async (stream: ReadableStream<Uint8Array>) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(stream).arrayBuffer());
  return workbook;
};

describe("telling XLSX and CSV apart by content", () => {
  it("knows a zip, an old workbook, text (UTF-8, UTF-16, Windows-1252), and anything else", async () => {
    expect(await sniffFormat(await xlsx((wb) => void wb.addWorksheet("A")))).toBe("xlsx");
    expect(await sniffFormat(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBe("xls");
    expect(await sniffFormat(csv(["a,b"], true))).toBe("csv");
    expect(await sniffFormat(csv(["नाम,शहर"], false))).toBe("csv");
    expect(await sniffFormat(new Uint8Array([0x4e, 0x61, 0xe9, 0x2c]))).toBe("csv"); // Windows-1252 "Naé," (decision 055)
    expect(await sniffFormat(new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe("csv"); // UTF-16LE "A"
    expect(await sniffFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("unknown"); // PNG
    expect(await sniffFormat(new TextEncoder().encode("%PDF-1.4 text"))).toBe("unknown");
    expect(await sniffFormat(new TextEncoder().encode("a\u0000b"))).toBe("unknown");
  });

  it("refuses a file over the size limit before reading it", async () => {
    const error = await refusal(() => read(new Uint8Array(2 * 1024 * 1024)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("The file is 2 MB; at most 1 MB can be imported at once. Split it into smaller files.");
  });

  it("refuses what is neither, naming both formats and what it is", async () => {
    const error = await refusal(() => read(new Uint8Array([0x4e, 0x61, 0x00, 0x01, 0x02])));
    expect(error.status).toBe(422);
    expect(error.message).toMatch(
      /^This file is neither an Excel workbook \(\.xlsx\) nor a CSV file: it holds binary data/,
    );
    const empty = await refusal(() => read(new Uint8Array()));
    expect(empty.message).toBe("The file is empty.");
  });
});

describe("mapping headers", () => {
  it("matches headers in any order, case and spacing, and aliases in Hindi", async () => {
    const sheet = await read(csv(["  शहर ,DOB,FULL   NAME,Remarks", "Pune,2012-08-15,Asha Rao,x"]));
    expect(sheet.columns).toEqual([
      { key: "city", header: "City", found: "शहर", column: "A" },
      { key: "born", header: "Date of birth", found: "DOB", column: "B" },
      { key: "name", header: "Name", found: "FULL   NAME", column: "C" },
    ]);
    expect(sheet.rows).toEqual([{ row: 2, values: { name: "Asha Rao", city: "Pune", born: "2012-08-15" } }]);
    expect(sheet.warnings).toEqual(['Column D "Remarks" is not used and was ignored.']);
    expect(headerKey("Parent's  Name *")).toBe(headerKey("parents name"));
  });

  it("names a missing required column; optional ones may be absent", async () => {
    const error = await refusal(() => read(csv(["City,DOB", "Pune,2012"])));
    expect(error.problem).toBe("columns");
    expect(error.message).toBe(
      'The file has no column "Name". Use the header row of the template; columns may be in any order.',
    );
    const sheet = await read(csv(["Name", "Asha"]));
    expect(sheet.rows).toEqual([{ row: 2, values: { name: "Asha", city: null, born: null } }]);
  });

  it("finds the header below title lines, ignores quiet columns and repeated ones", async () => {
    const sheet = await read(csv(["Class list", "", "Name,City,Errors,name", "Asha,Pune,bad,Other"]), {
      quietHeaders: ["Errors"],
    });
    expect(sheet.headerRow).toBe(3);
    expect(sheet.rows).toEqual([{ row: 4, values: { name: "Asha", city: "Pune", born: null } }]);
    expect(sheet.warnings).toEqual(['Column D "name" repeats the column "Name" and was ignored.']);
  });

  it("stops at the row limit and refuses the file naming the limit", async () => {
    const lines = ["Name", ...Array.from({ length: 6 }, (_, i) => `Student ${i}`)];
    const error = await refusal(() => read(csv(lines)));
    expect(error.problem).toBe("too-many-rows");
    expect(error.message).toBe(
      "The file has more than 5 rows with data: there are 6 by row 7, where reading stopped. At most 5 can be imported at once. Split it into smaller files.",
    );
    // Empty rows do not count.
    const spaced = await read(csv(["Name", "a", "", ",,", "b", "c", "d", "   ", "e"]));
    expect(spaced.rows.map((r) => [r.row, r.values.name])).toEqual([
      [2, "a"],
      [5, "b"],
      [6, "c"],
      [7, "d"],
      [9, "e"],
    ]);
  });

  // Issue 34, item 2 (docs/decisions/046-imports-never-block-the-event-loop.md): an absurd file is
  // refused at the first row over a limit. Each file below ends in an unreadable line (a quote
  // that never closes): had the reader gone on to the end, it would have said that instead.
  const UNREADABLE_END = 'x,"never closed';

  it("stops at the first data row over the limit, naming the limit and the row, without reading the rest", async () => {
    const lines = ["Name", ...Array.from({ length: 6 }, (_, i) => `Student ${i}`), ...Array(1000).fill("More")];
    const error = await refusal(() => read(csv([...lines, UNREADABLE_END])));
    expect(error.problem).toBe("too-many-rows");
    expect(error.message).toMatch(
      /^The file has more than 5 rows with data: there are 6 by row 7, where reading stopped\./,
    );
    // The same file without the extra rows reaches the broken line: it is there to be found.
    const broken = await refusal(() => read(csv([...lines.slice(0, 5), UNREADABLE_END])));
    expect(broken.problem).toBe("unreadable");
  });

  it("refuses a file of empty rows at the first empty row over the limit, without reading the rest", async () => {
    const limits = { ...LIMITS, maxEmptyRows: 100 };
    const lines = ["Name,City", "Asha,Pune", ...Array(100).fill(","), "Ravi,Nagpur", ",", ...Array(10_000).fill(",")];
    const error = await refusal(() => read(csv([...lines, UNREADABLE_END]), { limits }));
    expect(error.problem).toBe("too-many-rows");
    expect(error.message).toBe(
      "The file has more than 100 empty rows: there are 101 by row 104, where reading stopped. Delete the empty rows (or copy only the rows with data into a new file) and upload it again.",
    );
    // Up to the limit, empty rows are spacing, as before.
    const spaced = await read(csv(lines.slice(0, 103)), { limits });
    expect(spaced.rows.map((r) => r.values.name)).toEqual(["Asha", "Ravi"]);
  });

  it("allows as many empty rows as data rows, and at least SPREADSHEET_IMPORTS.minEmptyRows", async () => {
    const empty = (n: number) => csv(["Name", "Asha", ...Array(n).fill(",")]);
    // maxRows is 5 here, so the floor applies.
    const error = await refusal(() => read(empty(SPREADSHEET_IMPORTS.minEmptyRows + 1)));
    expect(error.message).toMatch(/more than 10,000 empty rows/);
    const big = { maxBytes: LIMITS.maxBytes, maxRows: 20_000 };
    expect((await read(empty(SPREADSHEET_IMPORTS.minEmptyRows + 1), { limits: big })).rows).toHaveLength(1);
  });
});

describe("reading XLSX", () => {
  it("reads the first sheet: cached formula results, rich text, dates, merged cells, trimmed text", async () => {
    const bytes = await xlsx((wb) => {
      const ws = wb.addWorksheet("Main");
      ws.addRow(["Name", "City", "Date of birth"]);
      ws.addRow([
        { richText: [{ text: "Asha " }, { text: "Rao", font: { bold: true } }] },
        "  Pune  ",
        new Date("2012-08-15"),
      ]);
      ws.addRow([{ formula: 'UPPER("ravi")', result: "RAVI" }, null, 41136]);
      ws.addRow(["Meera", "Nagpur", null]);
      ws.addRow(["Ira", null, null]);
      ws.mergeCells("B4:B5");
      ws.addRow([{ text: "Link", hyperlink: "https://example.org" }, "=cmd", null]);
      wb.addWorksheet("Second").addRow(["Name"]);
      wb.addWorksheet("Instructions").addRow(["How to"]);
    });
    const sheet = await read(bytes, { quietSheets: ["instructions"] });
    expect(sheet.format).toBe("xlsx");
    expect(sheet.sheetName).toBe("Main");
    expect(sheet.rows).toEqual([
      { row: 2, values: { name: "Asha Rao", city: "Pune", born: new Date("2012-08-15") } },
      { row: 3, values: { name: "RAVI", city: null, born: 41136 } },
      { row: 4, values: { name: "Meera", city: "Nagpur", born: null } },
      { row: 5, values: { name: "Ira", city: null, born: null } },
      { row: 6, values: { name: "Link", city: "=cmd", born: null } },
    ]);
    expect(sheet.warnings).toEqual(['Only the first sheet "Main" was read; "Second" was ignored.']);
  });

  it("gives back a neutralised value as it was", async () => {
    const sheet = await read(csv(["Name,City", "'+91 Asha,'=1+2"]));
    expect(sheet.rows[0]?.values).toMatchObject({ name: "+91 Asha", city: "=1+2" });
  });

  it("refuses a zip bomb by what it really unpacks to, and a damaged or foreign zip", async () => {
    const bomb = await zipBomb(40);
    expect(bomb.byteLength).toBeLessThan(200_000);
    // A part that unpacks a thousand times its size is refused after its first megabyte.
    const dense = await refusal(() => read(bomb));
    expect(dense.status).toBe(413);
    expect(dense.message).toMatch(/^This workbook is packed more than 100 times tighter than any spreadsheet/);
    // Without the ratio, the total still stops it.
    const loose = { ...XLSX_ZIP_LIMITS, maxEntryRatio: Number.POSITIVE_INFINITY };
    const error = await refusal(() => checkZip(bomb, { ...loose, maxUncompressedBytes: 32 * 1024 * 1024 }));
    expect(error.status).toBe(413);
    expect(error.message).toMatch(/^This workbook unpacks to more than 32 MB/);
    await expect(checkZip(bomb, { ...loose, maxUncompressedBytes: 64 * 1024 * 1024 })).resolves.toBeUndefined();

    const good = await xlsx((wb) => void wb.addWorksheet("A").addRow(["Name"]));
    const cut = good.slice(0, good.byteLength - 30);
    expect((await refusal(() => read(cut))).message).toMatch(/not a readable Excel workbook/);
    const docx = await zip([{ name: "word/document.xml", chunks: () => [Buffer.from("<w:document/>")] }]);
    const noSheet = await refusal(() => read(docx));
    expect(noSheet.status).toBe(422);
    expect(noSheet.message).toMatch(
      /neither an Excel workbook \(\.xlsx\) nor a CSV file: it is a zip archive without a worksheet/,
    );
  });

  it("reads only archives whose every part the guard has seen, and not too many of them", async () => {
    // exceljs streams the local headers in order; a part missing from the directory is refused.
    const hiddenBomb = await zipBomb(40, { hidden: true });
    const hidden = await refusal(() => read(hiddenBomb));
    expect(hidden.status).toBe(422);
    expect(hidden.message).toMatch(/not a readable Excel workbook/);
    // A local header that names another size than the directory is a second, hidden reading.
    const good = await xlsx((wb) => void wb.addWorksheet("A").addRow(["Name"]));
    const liar = good.slice();
    new DataView(liar.buffer).setUint32(18, 1, true);
    expect((await refusal(() => read(liar))).message).toMatch(/not a readable Excel workbook/);
    const parts = Array.from({ length: XLSX_ZIP_LIMITS.maxEntries + 1 }, (_, i) => ({
      name: `xl/media/p${i}.xml`,
      chunks: () => [Buffer.from("<x/>")],
    }));
    const manyParts = await zip(parts);
    const many = await refusal(() => read(manyParts));
    expect(many.status).toBe(413);
    expect(many.message).toBe(
      "This workbook has 1,001 parts inside; a spreadsheet has far fewer than 1,000. Copy the sheet into a new workbook and upload that.",
    );
    // What the portal itself writes passes: exceljs templates and the streamed list exports.
    await expect(checkZip(good, XLSX_ZIP_LIMITS)).resolves.toBeUndefined();
    const rows = Array.from({ length: 20_000 }, (_, i) => [`Student ${i}`, "Pune", i]);
    const exported = new Uint8Array(
      await new Response(
        xlsxStream(
          {
            sheetName: "Students",
            columns: [{ header: "Name" }, { header: "City" }, { header: "N" }],
          },
          (async function* () {
            yield rows;
          })(),
        ),
      ).arrayBuffer(),
    );
    await expect(checkZip(exported, XLSX_ZIP_LIMITS)).resolves.toBeUndefined();
  });
});

describe("writing", () => {
  it("guards in a CSV only what a spreadsheet would run as a formula (decision 063)", () => {
    const runs = ["=SUM(A1)", '=HYPERLINK("http://evil","x")', "@SUM(1)", "\t=x", "\r=x", "+1+1", "-2+3"];
    const more = ["+A1", "-HYPERLINK(1)", "+91 98765 43210", "+91-98765-43210", "--1", "+1e5", "-.5", "+Alpha"];
    expect([...runs, ...more].filter((text) => !csvRunsAsFormula(text))).toEqual([]);
    // Numbers and signs alone are read as numbers or text, never run; a formula later in a text is text.
    const stays = ["+919876543210", "-5", "+5", "-1.5", "-", "+", "", "Asha", "a=b", " =1+1", "अनन्या", "'=x", "९१"];
    expect(stays.filter(csvRunsAsFormula)).toEqual([]);
    expect(csvGuarded("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvGuarded("+919876543210")).toBe("+919876543210");
    expect(csvGuarded("-2+3")).toBe("'-2+3");
    // XLSX: text cells are never run; those typed again would change keep the Text format.
    expect(["=x", "+919876543210", "-5", "@x", "\tx"].every(keepsTextFormat)).toBe(true);
    expect(["Asha", "अनन्या", "a=b", "", "'=x"].some(keepsTextFormat)).toBe(false);
  });

  it("writes a template with drop-down lists and instructions", async () => {
    const bytes = await templateWorkbook({
      sheetName: "People",
      columns: [{ header: "Name" }, { header: "Size", list: ["S", "M", "L"] }],
      instructions: ["How", "Fill in one person per row."],
      validationRows: 100,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.slice().buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["People", "Instructions"]);
    const sheet = workbook.getWorksheet("People");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Name", "Size"]);
    expect(sheet?.getCell("B2").dataValidation).toMatchObject({ type: "list", formulae: ['"S,M,L"'] });
    expect(sheet?.getCell("B101").dataValidation).toMatchObject({ type: "list" });
    expect(sheet?.getCell("A2").dataValidation).toBeUndefined();
    expect(workbook.getWorksheet("Instructions")?.getCell("A2").value).toBe("Fill in one person per row.");
  });

  it("writes the errors workbook in the template's columns plus Errors, readable again", async () => {
    const bytes = await errorsWorkbook({ sheetName: "People", columns: [{ header: "Name" }, { header: "City" }] }, [
      { values: ["Asha", "Pune"], errors: "" },
      { values: ["=Ravi", null], errors: "Name: cannot start with =; City: Enter the city" },
    ]);
    const sheet = await read(bytes, { quietHeaders: ["Errors"] });
    expect(sheet.warnings).toEqual([]);
    expect(sheet.rows).toEqual([
      { row: 2, values: { name: "Asha", city: "Pune", born: null } },
      { row: 3, values: { name: "=Ravi", city: null, born: null } },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.slice().buffer);
    expect(workbook.worksheets[0]?.getRow(1).values).toEqual([undefined, "Name", "City", "Errors"]);
    expect(workbook.worksheets[0]?.getCell("C3").value).toBe("Name: cannot start with =; City: Enter the city");
  });

  it("writes the errors workbook's cells as uploaded, formulas as text cells in the Text format, and reads them back", async () => {
    const hostile = ['=HYPERLINK("http://evil","x")', "+cmd", "-1+1", "@SUM(1)", "\t=1"];
    const bytes = await errorsWorkbook({ sheetName: "People", columns: [{ header: "Name" }, { header: "City" }] }, [
      ...hostile.map((value) => ({ values: [value, "Pune"], errors: "Name: Enter a name" })),
      { values: ["Asha", "Pune"], errors: "=cmd" },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.slice().buffer);
    const sheet0 = workbook.worksheets[0];
    const cells = hostile.map((_, i) => sheet0?.getCell(`A${i + 2}`));
    expect(cells.map((cell) => cell?.value)).toEqual(hostile);
    expect(cells.every((cell) => cell?.type === ExcelJS.ValueType.String && cell.numFmt === "@")).toBe(true);
    expect(sheet0?.getCell(`C${hostile.length + 2}`).value).toBe("=cmd");
    expect(sheet0?.getCell("B2").numFmt).toBeUndefined();
    // The fixed file goes back in as it was (decision 063).
    const sheet = await read(bytes, { quietHeaders: ["Errors"], limits: { ...LIMITS, maxRows: 10 } });
    expect(sheet.rows.map((row) => row.values.name).slice(0, 4)).toEqual(hostile.slice(0, 4));
  });

  async function* batches() {
    yield [
      ["Asha", 12, new Date("2012-08-15T00:00:00Z")],
      ['=HYPERLINK("http://evil")', -3, null],
    ];
    yield [['अनन्या, "Ana"', 0, null]];
  }
  const columns = [{ header: "Name" }, { header: "Score" }, { header: "Born" }];

  it("streams a list as XLSX", async () => {
    const workbook = await book(xlsxStream({ sheetName: "List", columns }, batches()));
    const sheet = workbook.getWorksheet("List");
    expect(
      sheet
        ?.getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ["Name", "Score", "Born"],
      ["Asha", 12, new Date("2012-08-15T00:00:00Z")],
      ['=HYPERLINK("http://evil")', -3],
      ['अनन्या, "Ana"', 0],
    ]);
  });

  it("writes XLSX that keeps markup, scripts and times, drops what XML cannot hold, and freezes the header", async () => {
    async function* tricky() {
      yield [
        ["<b>Tom & Jerry</b>", 1.5, new Date("2026-11-25T10:30:00Z")],
        ["bell\u0007 and tab\tok", Number.NaN, null],
        ["  padded  ", 2, null],
      ];
    }
    const wide = Array.from({ length: 28 }, (_, i) => ({ header: `C${i + 1}`, width: 9 }));
    const workbook = await book(xlsxStream({ sheetName: "Odd: [name]/?", columns }, tricky()));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("Odd   name   ");
    expect(sheet?.getCell("A2").value).toBe("<b>Tom & Jerry</b>");
    expect(sheet?.getCell("B2").value).toBe(1.5);
    expect(sheet?.getCell("C2").value).toEqual(new Date("2026-11-25T10:30:00Z"));
    expect(sheet?.getCell("A3").value).toBe("bell and tab\tok");
    expect(sheet?.getCell("B3").value).toBeNull();
    expect(sheet?.getCell("A4").value).toBe("  padded  ");
    expect(sheet?.getCell("A1").font?.bold).toBe(true);
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    // Columns past Z are AA, AB…
    const many = await book(
      xlsxStream(
        { sheetName: "Wide", columns: wide },
        (async function* () {
          yield [Array.from({ length: 28 }, (_, i) => i + 1)];
        })(),
      ),
    );
    expect(many.worksheets[0]?.getCell("AB2").value).toBe(28);
    expect(many.worksheets[0]?.getColumn(28).width).toBe(9);
  });

  it("streams a list as CSV: UTF-8 with a BOM, quoted, neutralised, dates as days", async () => {
    const bytes = new Uint8Array(await new Response(csvStream({ columns }, batches())).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      'Name,Score,Born\nAsha,12,2012-08-15\n"\'=HYPERLINK(""http://evil"")",-3,\n"अनन्या, ""Ana""",0,\n',
    );
  });
});
