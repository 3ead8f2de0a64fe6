import { useSearchParams } from "@remix-run/react";
import { formatMarks } from "@repo/contracts/result-lists-constants";
import { AWARDS } from "@repo/contracts/results-constants";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import { useFilterParams } from "@repo/remix-app/lists/filter-params";
import { Badge } from "@repo/ui/badge";
import { Select, type SelectOption } from "@repo/ui/select";
import { Stack } from "@repo/ui/stack";
import { Text } from "@repo/ui/text";

/**
 * The result lists' own filters beside the region pickers: the class, the finalized paper set
 * ("combination name", with the region's sheets of each) and, on a final list, the award. A new
 * class narrows the paper sets, so it clears the one chosen.
 */
export function ResultFilters({ paperSets, award = false }: { paperSets: SelectOption[]; award?: boolean }) {
  const [params] = useSearchParams();
  const filter = useFilterParams();
  return (
    <>
      <Select
        label="Class"
        placeholder="All classes"
        options={CLASS_LEVELS.map((level) => ({ value: String(level), label: classLabel(level) }))}
        value={params.get("class_level") ?? ""}
        onChange={(event) => filter({ class_level: event.target.value, paper_set_id: null })}
      />
      <Select
        label="Paper set"
        placeholder={paperSets.length ? "All paper sets" : "No finalized paper set"}
        options={paperSets}
        value={params.get("paper_set_id") ?? ""}
        onChange={(event) => filter({ paper_set_id: event.target.value })}
      />
      {award ? (
        <Select
          label="Award"
          placeholder="Any result"
          options={AWARDS.map((a) => ({ value: a.code, label: a.name }))}
          value={params.get("award") ?? ""}
          onChange={(event) => filter({ award: event.target.value })}
        />
      ) : null}
    </>
  );
}

/** The URL parameters the filters above set. */
export const RESULT_FILTER_PARAMS = ["class_level", "paper_set_id", "award"] as const;

/**
 * A sheet's marks: the counted total, each section's own marks ("not counted" where its qualifying
 * rule was not met) and the right, wrong and blank answers.
 */
export function Marks({
  row,
}: {
  row: {
    total: number;
    sections: { label: string; marks: number; counted: boolean }[];
    right: number;
    wrong: number;
    blank: number;
  };
}) {
  return (
    <Stack gap={1}>
      <strong>{formatMarks(row.total)}</strong>
      <Text size="sm">
        {row.sections.map((section, i) => (
          <span key={section.label}>
            {i > 0 ? " · " : null}
            {`${section.label} ${formatMarks(section.marks)}`}
            {section.counted ? null : (
              <>
                {" "}
                <Badge tone="neutral" size="sm">
                  not counted
                </Badge>
              </>
            )}
          </span>
        ))}
      </Text>
      <Text size="sm" tone="muted">
        {`${row.right} right · ${row.wrong} wrong · ${row.blank} blank`}
      </Text>
    </Stack>
  );
}
