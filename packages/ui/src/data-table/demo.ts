// A fake server for the data table's stories and tests: 57 students, paged, searched and sorted.
import type { TableQuery } from "./query";

export interface DemoStudent {
  id: string;
  name: string;
  school: string;
  district: string;
  className: string;
  paid: boolean;
}

const names = [
  "Aarav Patil",
  "Ananya Iyer",
  "Vihaan Reddy",
  "Diya Sharma",
  "Ishaan Nair",
  "Saanvi Kulkarni",
  "Kabir Das",
  "Meera Joshi",
  "Arjun Singh",
  "Riya Menon",
];
const schools = ["Sunrise Public School", "Vidya Niketan", "Green Valley High", "St. Xavier's"];
const districts = ["Pune", "Nashik", "Nagpur", "Thane", "Kolhapur"];
const classes = ["VI", "VII", "VIII", "IX", "X", "XI"];

export const demoStudents: DemoStudent[] = Array.from({ length: 57 }, (_, index) => ({
  id: `S${String(index + 1).padStart(4, "0")}`,
  name: `${names[index % names.length]}${index >= names.length ? ` ${Math.floor(index / names.length) + 1}` : ""}`,
  school: schools[index % schools.length] ?? "",
  district: districts[index % districts.length] ?? "",
  className: classes[index % classes.length] ?? "",
  paid: index % 3 !== 0,
}));

export function queryStudents(query: TableQuery, all: readonly DemoStudent[] = demoStudents) {
  const needle = query.search.toLowerCase();
  let rows = all.filter((row) => !needle || `${row.name} ${row.school} ${row.district}`.toLowerCase().includes(needle));
  if (query.sort) {
    const { column, direction } = query.sort;
    const key = column as keyof DemoStudent;
    rows = [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])) * (direction === "asc" ? 1 : -1));
  }
  const start = (query.page - 1) * query.perPage;
  return { rows: rows.slice(start, start + query.perPage), total: rows.length };
}
