import { languageName } from "@repo/contracts/languages";
import { CLASS_LEVELS, classLabel, genderName } from "@repo/contracts/students-constants";
import type { BarDatum } from "@repo/ui/bar-chart";
import type { PieDatum } from "@repo/ui/pie-chart";
import type { StudentCounts } from "./statistics.server";

/** The payment statuses as chart series, in the order (and so the colours) every chart uses. */
export const PAYMENT_SERIES = ["Paid", "Pending", "Unpaid"] as const;

/** Every class VI to XI, empty ones too, split by payment status. */
export function classRows(counts: StudentCounts): BarDatum[] {
  return CLASS_LEVELS.map((level) => {
    const row = counts.by_class.find((item) => item.class_level === level);
    return { class: classLabel(level), Paid: row?.paid ?? 0, Pending: row?.pending ?? 0, Unpaid: row?.unpaid ?? 0 };
  });
}

/** The exam languages the students chose, largest first. */
export function languageRows(counts: StudentCounts): BarDatum[] {
  return counts.by_language.map((row) => ({ language: languageName(row.language), Students: row.count }));
}

export function genderSlices(counts: StudentCounts): PieDatum[] {
  return counts.by_gender.map((row) => ({
    id: row.gender,
    label: row.gender === "unknown" ? "Not given" : genderName(row.gender),
    value: row.count,
  }));
}

export function paymentSlices(counts: StudentCounts): PieDatum[] {
  return [
    { id: "paid", label: "Paid", value: counts.paid },
    { id: "pending", label: "Pending", value: counts.pending },
    { id: "unpaid", label: "Unpaid", value: counts.unpaid },
  ];
}
