import { execFileSync } from "node:child_process";
import { queryRows } from "@repo/db";
import { testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHOOL_COLUMNS } from "../src/domains/institutes/school-import";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { type ColumnSpec, openSpreadsheet, type SheetRow, SpreadsheetError } from "../src/kernel/spreadsheets/index";
import { jobHandlers } from "../src/services";
import { HEADERS, zip } from "./fixtures/spreadsheets/fixtures";
import { startTestApi, type TestApi } from "./support";

/**
 * Spreadsheets as schools really have them (issue 35 item 4, decision 055): CSV and Excel's
 * "Unicode Text" in the encodings real programs write (made here by iconv and Node's Buffer, not
 * typed as bytes), comma, semicolon and tab, values as people type them, and every unreadable
 * file refused with its real cause, through every import.
 */

/** The text in an encoding, by iconv (what a spreadsheet program's "Save as" gives). */
const iconv = (text: string, to: string) =>
  new Uint8Array(execFileSync("iconv", ["-f", "UTF-8", "-t", to], { input: text }));
const withBom = (bom: number[], bytes: Uint8Array) => new Uint8Array([...bom, ...bytes]);

/** Every encoding a school's file comes in, from the same text. */
const ENCODINGS: { name: string; encoding: string; bytes: (text: string) => Uint8Array }[] = [
  { name: "UTF-8 without BOM", encoding: "utf-8", bytes: (text) => new Uint8Array(Buffer.from(text, "utf8")) },
  {
    name: "UTF-8 with BOM (CSV UTF-8)",
    encoding: "utf-8",
    bytes: (text) => withBom([0xef, 0xbb, 0xbf], iconv(text, "UTF-8")),
  },
  // Excel's "Unicode Text": UTF-16LE with a BOM, tab-separated.
  {
    name: "UTF-16LE with BOM (Unicode Text)",
    encoding: "utf-16le",
    bytes: (text) => withBom([0xff, 0xfe], iconv(text, "UTF-16LE")),
  },
  { name: "UTF-16LE without BOM", encoding: "utf-16le", bytes: (text) => new Uint8Array(Buffer.from(text, "utf16le")) },
  { name: "UTF-16BE with BOM", encoding: "utf-16be", bytes: (text) => withBom([0xfe, 0xff], iconv(text, "UTF-16BE")) },
  { name: "UTF-16BE without BOM", encoding: "utf-16be", bytes: (text) => iconv(text, "UTF-16BE") },
];

const COLUMNS: ColumnSpec[] = [
  { key: "name", header: "Name", required: true },
  { key: "city", header: "City" },
];
const LIMITS = { maxBytes: 1024 * 1024, maxRows: 100 };

async function read(bytes: Uint8Array) {
  const sheet = await openSpreadsheet(bytes, { columns: COLUMNS, limits: LIMITS });
  const rows: SheetRow[] = [];
  for await (const row of sheet.rows) rows.push(row);
  return { ...sheet, rows };
}

async function refusal(bytes: Uint8Array): Promise<SpreadsheetError> {
  try {
    await read(bytes);
  } catch (error) {
    if (error instanceof SpreadsheetError) return error;
    throw error;
  }
  throw new Error("expected a SpreadsheetError");
}

describe("reading the encodings and separators schools' files have", () => {
  const lines = ["Name,City", "Zoë Müller,São Paulo", "अनन्या शर्मा,पुणे", "Ravi “Kumar”,Chennai"];
  for (const { name, encoding, bytes } of ENCODINGS) {
    for (const separator of [",", ";", "\t"]) {
      it(`${name}, separated by ${JSON.stringify(separator)}`, async () => {
        const text = `${lines.map((line) => line.replaceAll(",", separator)).join("\r\n")}\r\n`;
        const sheet = await read(bytes(text));
        expect(sheet).toMatchObject({ format: "csv", encoding, separator });
        expect(sheet.rows.map((row) => row.values)).toEqual([
          { name: "Zoë Müller", city: "São Paulo" },
          { name: "अनन्या शर्मा", city: "पुणे" },
          { name: "Ravi “Kumar”", city: "Chennai" },
        ]);
      });
    }
  }

  it("reads Windows-1252 (Excel's plain CSV on an English Windows), its curly quotes and € too", async () => {
    const text = "Name;City\r\nJosé Müller;Zürich\r\n“Ravi” – €5;Köln\r\n";
    const sheet = await read(iconv(text, "WINDOWS-1252"));
    expect(sheet).toMatchObject({ encoding: "windows-1252", separator: ";" });
    expect(sheet.rows.map((row) => row.values)).toEqual([
      { name: "José Müller", city: "Zürich" },
      { name: "“Ravi” – €5", city: "Köln" },
    ]);
  });

  it("finds a tab separator under a title line that has a comma", async () => {
    const text = "Students, class 8\r\nName\tCity\r\nAsha\tPune\r\n";
    const sheet = await read(withBom([0xff, 0xfe], iconv(text, "UTF-16LE")));
    expect(sheet).toMatchObject({ separator: "\t", headerRow: 2 });
    expect(sheet.rows.map((row) => row.values)).toEqual([{ name: "Asha", city: "Pune" }]);
  });
});

describe("an unreadable file is refused with its real cause", () => {
  it("UTF-16 cut off in the middle of a character", async () => {
    const bytes = withBom([0xff, 0xfe], iconv("Name\tCity\r\nAsha\tPune\r\n", "UTF-16LE"));
    const error = await refusal(bytes.subarray(0, bytes.byteLength - 1));
    expect(error.message).toMatch(/UTF-16 text .*ends in the middle of a character: it was cut off/);
  });

  it("UTF-16 with a broken character", async () => {
    const good = iconv("Name\tCity\r\nAsha\tPune\r\n", "UTF-16LE");
    // A lone high surrogate (D800) where "A" of Asha was.
    const bytes = withBom([0xff, 0xfe], good);
    const at = Buffer.from(bytes).indexOf(Buffer.from("Asha", "utf16le"));
    bytes.set([0x00, 0xd8], at);
    const error = await refusal(bytes);
    expect(error.message).toMatch(/UTF-16 text .*is damaged near byte [\d,]+: a character there is not valid UTF-16/);
  });

  it("a password-protected workbook (not an old .xls)", async () => {
    const bytes = new Uint8Array([
      0xd0,
      0xcf,
      0x11,
      0xe0,
      0xa1,
      0xb1,
      0x1a,
      0xe1,
      ...Buffer.alloc(504),
      ...Buffer.from("EncryptionInfo", "utf16le"),
    ]);
    const error = await refusal(bytes);
    expect(error.problem).toBe("encrypted");
    expect(error.message).toMatch(/protected by a password/);
  });

  it("a Word document, a picture, a PDF and unknown binary data, each by name", async () => {
    const word = await zip([
      {
        name: "[Content_Types].xml",
        chunks: () => [
          Buffer.from(
            '<Types><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
          ),
        ],
      },
      { name: "word/document.xml", chunks: () => [Buffer.from("<w:document/>")] },
    ]);
    expect((await refusal(word)).message).toMatch(/: it is a Word document\. Upload the template/);
    const png = new Uint8Array(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from([0, 0, 0, 13]),
        Buffer.from("IHDR"),
        Buffer.alloc(17),
      ]),
    );
    expect((await refusal(png)).message).toMatch(/: it is a PNG picture\./);
    expect((await refusal(new Uint8Array(Buffer.from("%PDF-1.4\n1 0 obj")))).message).toMatch(
      /: it is a PDF document\./,
    );
    const binary = new Uint8Array(Buffer.concat([Buffer.from("Name,City\r\n"), Buffer.from([0x01, 0x02, 0x03])]));
    expect((await refusal(binary)).message).toMatch(/it holds binary data \(a byte no text file has, at byte 11\)/);
  });
});

const logger = pino({ level: "silent" });

/** One line of a students file as a school types it: the spellings of docs/domain/accepted-spellings.md. */
const STUDENT_HEADER = [...HEADERS];
const typed = (n: number, values: { cls: string; lang: string; gender: string; dob: string }, phone?: string) => [
  `Enc${"abcdefghijklmnop"[n] ?? "z"}`,
  "Müller",
  values.cls,
  values.lang,
  values.gender,
  values.dob,
  "Meera Rao",
  phone ?? `98${String(77_000_000 + n).padStart(8, "0")}`,
  "",
];
const SPELLED = [
  { cls: "8", lang: "हिंदी", gender: "M", dob: "15 Aug 2012" },
  { cls: "8th", lang: "Hindi", gender: "F", dob: "2012/08/15" },
  { cls: "VIII", lang: "தமிழ்", gender: "पुरुष", dob: "15-08-2012" },
  { cls: "Class 8", lang: "hi", gender: "महिला", dob: "Aug 15, 2012" },
  { cls: "Std VIII", lang: "English", gender: "female", dob: "41136" },
];
const EXPECTED = [
  { class_level: 8, language: "hi", gender: "male", date_of_birth: "2012-08-15" },
  { class_level: 8, language: "hi", gender: "female", date_of_birth: "2012-08-15" },
  { class_level: 8, language: "ta", gender: "male", date_of_birth: "2012-08-15" },
  { class_level: 8, language: "hi", gender: "female", date_of_birth: "2012-08-15" },
  { class_level: 8, language: "en", gender: "female", date_of_birth: "2012-08-15" },
];
/** Excel's "Unicode Text" of rows: UTF-16LE with BOM, tab-separated, CRLF. */
const unicodeText = (rows: string[][]) =>
  withBom([0xff, 0xfe], iconv(`${rows.map((row) => row.join("\t")).join("\r\n")}\r\n`, "UTF-16LE"));

for (const driver of testDrivers()) {
  describe(`every import reads real files on ${driver}`, () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi(driver);
    });
    afterAll(async () => {
      await api?.close();
    });

    const runJobs = async () => {
      while (await runNextJob(api.db, jobHandlers(api.services), { runnerId: "test-runner", log: logger }));
    };
    const post = async (path: string, token: string, bytes: Uint8Array, fields: Record<string, string>) => {
      const form = new FormData();
      form.append("file", new File([bytes.slice()], "students.csv"));
      for (const [key, value] of Object.entries(fields)) form.append(key, value);
      return api.call("POST", path, { token, body: form });
    };
    const job = async (token: string, started: { status: number; body: { data: { job_id: number } } }) => {
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      await runJobs();
      return (await api.call("GET", `/api/jobs/${started.body.data.job_id}`, { token })).body.data;
    };

    it("a school's import: Unicode Text and Windows-1252 with values as typed", async () => {
      const school = await api.login("school");
      const rows = SPELLED.map((values, n) => typed(n, values));
      const utf16 = await post("/api/schools/student/import", school, unicodeText([STUDENT_HEADER, ...rows]), {
        mode: "preview",
      });
      expect(utf16.status, JSON.stringify(utf16.body)).toBe(200);
      expect(utf16.body.data).toMatchObject({ format: "csv", encoding: "utf-16le", separator: "\t", bad_rows: 0 });
      expect(utf16.body.data.rows.map((row: { student: unknown }) => row.student)).toMatchObject(EXPECTED);

      const cp1252 = iconv(
        `${[STUDENT_HEADER, ...rows.filter((row) => [...row.join("")].every((c) => c.charCodeAt(0) <= 0xff))].map((row) => row.join(";")).join("\r\n")}\r\n`,
        "WINDOWS-1252",
      );
      const legacy = await post("/api/schools/student/import", school, cp1252, { mode: "valid-rows" });
      const done = await job(school, legacy);
      // The rows whose values Windows-1252 can hold: 8th/Hindi/F/2012-08-15 and Std VIII/English/female/41136.
      expect(done.result).toMatchObject({ inserted: 2, bad_rows: 0 });
      const saved = await queryRows<{ last_name: string }>(
        api.db,
        sql`select last_name from students where first_name in ('Encb', 'Ence') order by first_name`,
      );
      expect(saved.map((row) => row.last_name)).toEqual(["Müller", "Müller"]);
    });

    it("lists every row with mistakes in the preview, in order, and the errors file keeps the school's own values", async () => {
      const school = await api.login("school");
      const bad = Array.from({ length: 45 }, (_, n) =>
        typed(n % 5, { cls: "XII", lang: "हिंदी", gender: "पुरुष", dob: "15 Aug 2012" }, `98${String(78_000_000 + n)}`),
      );
      const bytes = unicodeText([
        STUDENT_HEADER,
        typed(9, { cls: "8", lang: "हिंदी", gender: "M", dob: "15 Aug 2012" }),
        ...bad,
      ]);
      const preview = await post("/api/schools/student/import", school, bytes, { mode: "preview" });
      expect(preview.body.data).toMatchObject({ total_rows: 46, bad_rows: 45 });
      expect(preview.body.data.rows).toHaveLength(5);
      expect(preview.body.data.error_rows).toHaveLength(45);
      expect(preview.body.data.error_rows[0]).toEqual({ row: 3, message: "Class: Choose a class from VI to XI" });
      expect(preview.body.data.error_rows.at(-1).row).toBe(47);

      const done = await job(
        school,
        await post("/api/schools/student/import", school, bytes, { mode: "all-or-nothing" }),
      );
      const errors = await api.call("GET", `/api/schools/student/import/${done.id}/errors`, { token: school });
      expect(errors.status).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(errors.body as ArrayBuffer);
      const row = ((book.worksheets[0]?.getRow(3).values ?? []) as unknown[]).slice(1);
      // As the school wrote them: not "male", "hi" or 2012-08-15.
      expect(row.slice(2, 6)).toEqual(["XII", "हिंदी", "पुरुष", "15 Aug 2012"]);
    });

    it("the coordinators' bulk import and a master institute's students import read Unicode Text", async () => {
      const gcc = await api.login("gccstate", "coordinator");
      const bulk = await post(
        "/api/coordinator/student/import",
        gcc,
        unicodeText([
          ["School code", ...STUDENT_HEADER],
          ...SPELLED.map((values, n) => ["VVM1003", ...typed(n, values)]),
        ]),
        { mode: "preview" },
      );
      expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
      expect(bulk.body.data).toMatchObject({ encoding: "utf-16le", bad_rows: 0 });

      const mi = await api.login("masterinstitute");
      const [own] = await queryRows<{ id: number }>(
        api.db,
        sql`select sc.id from schools sc join users u on u.master_institute_id = sc.master_institute_id
            where u.username = 'masterinstitute' and sc.is_active order by sc.id limit 1`,
      );
      const institute = await post(
        "/api/master-institute/student/import",
        mi,
        unicodeText([STUDENT_HEADER, ...SPELLED.map((values, n) => typed(n, values))]),
        { mode: "preview", school_id: String(own?.id) },
      );
      expect(institute.status, JSON.stringify(institute.body)).toBe(200);
      expect(institute.body.data).toMatchObject({ encoding: "utf-16le", bad_rows: 0 });
      expect(institute.body.data.rows.map((row: { student: unknown }) => row.student)).toMatchObject(EXPECTED);
    });

    it("a master institute's schools import reads boards and categories as people write them", async () => {
      const mi = await api.login("masterinstitute");
      // The template's columns without the optional ones (district, city, password).
      const header = SCHOOL_COLUMNS.filter((column) => column.required).map((column) => column.header);
      const school = (n: number, category: string, board: string) => [
        `Encoding School ${n}`,
        category,
        board,
        "1 MG Road",
        "411001",
        "Maharashtra",
        "Principal",
        "9876500100",
        `enc${n}@example.org`,
        `encschool${n}`,
      ];
      const bytes = iconv(
        `${[header, school(1, "Govt.", "C.B.S.E."), school(2, "सरकारी", "ICSE"), school(3, "Pvt", "State")].map((r) => r.join(";")).join("\r\n")}\r\n`,
        "UTF-16",
      );
      const preview = await post("/api/master-institute/schools/import", mi, bytes, { mode: "preview" });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data).toMatchObject({ separator: ";", bad_rows: 0 });
      expect(
        preview.body.data.rows.map((row: { student: { category_id: number; board_id: number } }) => [
          row.student.category_id,
          row.student.board_id,
        ]),
      ).toEqual([
        [1, 1],
        [1, 2],
        [2, 3],
      ]);
    });

    it("the individual (SIF) students import reads Unicode Text with values as typed", async () => {
      const admin = await api.login("admin", "coordinator");
      const header = [...STUDENT_HEADER, "School code"];
      const rows = SPELLED.slice(0, 2).map((values, n) => {
        const row = typed(n + 10, values);
        row[8] = `enc-sif${n}@example.org`;
        return [...row, "VVM1001"];
      });
      const done = await job(
        admin,
        await post("/api/sif/student/import", admin, unicodeText([header, ...rows]), { mode: "all-or-nothing" }),
      );
      expect(done.result, JSON.stringify(done.result)).toMatchObject({ inserted: 2, bad_rows: 0 });
    });
  });
}
