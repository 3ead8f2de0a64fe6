import type { components } from "@repo/api-client/schema";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { classLabel } from "@repo/contracts/students-constants";

type ScheduleItem = components["schemas"]["ExamScheduleItem"];

/** One sitting of an exam: a level at one time, for the classes that sit it then. */
export interface ExamSitting {
  level: string;
  starts_at: string;
  duration_minutes: number;
  classes: string;
  note: string | null;
}

/**
 * The exam schedule as a school reads it: each level's sittings in time order, classes that sit
 * together on one line ("VI-XI" when all six do).
 */
export function examSittings(items: readonly ScheduleItem[]): ExamSitting[] {
  const sittings = new Map<string, ScheduleItem[]>();
  for (const item of items) {
    const key = `${item.exam_level}|${item.starts_at}|${item.duration_minutes}|${item.note ?? ""}`;
    sittings.set(key, [...(sittings.get(key) ?? []), item]);
  }
  return [...sittings.values()]
    .map((group) => {
      const first = group[0] as ScheduleItem;
      const classes = group.map((g) => g.class_id).sort((a, b) => a - b);
      const contiguous = classes.every((c, i) => i === 0 || c === (classes[i - 1] ?? 0) + 1);
      return {
        level: examLevelLabel(first.exam_level),
        starts_at: first.starts_at,
        duration_minutes: first.duration_minutes,
        classes:
          classes.length > 2 && contiguous
            ? `${classLabel(classes[0] ?? 6)}-${classLabel(classes.at(-1) ?? 11)}`
            : classes.map(classLabel).join(", "),
        note: first.note,
      };
    })
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.level.localeCompare(b.level));
}
