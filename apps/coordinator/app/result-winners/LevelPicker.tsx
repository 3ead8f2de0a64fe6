import type { ExamLevel } from "@repo/contracts/fees";
import { examLevelLabel } from "@repo/contracts/papers-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { Select } from "@repo/ui/select";

/**
 * The exam level a result page shows (URL `level`): Level 1 and Level 2 on the winners and ranking
 * pages, the mock too on the insight page. Changing it goes back to the list's first page.
 */
export function LevelPicker({ levels, value }: { levels: readonly ExamLevel[]; value: ExamLevel }) {
  const filter = useFilterParams();
  return (
    <Select
      label="Exam level"
      options={levels.map((level) => ({ value: level, label: examLevelLabel(level) }))}
      value={value}
      onChange={(event) => filter({ level: event.target.value })}
    />
  );
}
