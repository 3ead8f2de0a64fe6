import { describe, expect, it } from "vitest";
import { previewStudentImport } from "../../apps/api/src/domains/students/student-import";
import { addressOf } from "./season";
import { SHEET_KINDS, studentList } from "./spreadsheets";

describe("the rehearsal's student lists", () => {
  it("are read by the import as each kind of file, with exactly the wrong rows refused", async () => {
    for (const [school, kind] of SHEET_KINDS.entries()) {
      const list = await studentList(school, 1000 * school, 7, 3, "t");
      expect(list.kind).toBe(kind);
      const preview = await previewStudentImport(list.bytes);
      expect({ kind, total: preview.total_rows, bad: preview.bad_rows }).toEqual({ kind, total: 10, bad: 3 });
      // The preview shows the first rows: the good ones among them are the list's first students.
      const saved = preview.rows.filter((row) => row.student).map((row) => String(row.student?.email));
      expect(saved.length).toBeGreaterThan(0);
      expect(saved).toEqual(list.emails.slice(0, saved.length));
    }
  });

  it("keeps a school's accented names in a Windows-1252 file", async () => {
    const list = await studentList(2, 0, 2, 0, "t");
    expect(list.kind).toBe("csv-windows-1252");
    const preview = await previewStudentImport(list.bytes);
    expect(preview.encoding).toBe("windows-1252");
    expect(preview.rows.map((row) => row.student?.first_name)).toEqual(["Élodie a", "Élodie b"]);
  });

  it("gives each person an address of its own on the loopback network", () => {
    const addresses = new Set(Array.from({ length: 70_000 }, (_, i) => addressOf(i)));
    expect(addresses.size).toBe(70_000);
    expect(addressOf(0)).toBe("127.10.0.1");
    expect([...addresses].every((a) => /^127\.\d+\.\d+\.\d+$/.test(a) && !a.startsWith("127.0."))).toBe(true);
  });
});
