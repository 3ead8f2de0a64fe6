import { EXAM_LEVELS } from "@repo/contracts/fees";
import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";
import type { SelectOption } from "@repo/ui/select";

/** Content pickers' options and labels (both apps), from the contracts' own lists. */
export const CLASS_OPTIONS = CLASS_LEVELS.map((level) => ({
  value: String(level),
  label: `Class ${classLabel(level)}`,
}));
export const LEVEL_OPTIONS = EXAM_LEVELS.map((level) => ({ value: level.code, label: level.name }));
export const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));
export const STATUS_OPTIONS = [
  { value: "true", label: "Published" },
  { value: "false", label: "Draft" },
];

export const levelName = (code: string) => EXAM_LEVELS.find((level) => level.code === code)?.name ?? code;
export const classesText = (level: number | null) => (level === null ? "All classes" : `Class ${classLabel(level)}`);
export const languagesText = (codes: readonly string[]) => codes.map(languageName).join(", ");

/**
 * Rows the API lists (`{ id, name }`: regions, subjects, paper sets) as a picker's options;
 * `label` words a row otherwise (a district with its state).
 */
export function optionsOf<R extends { id: number; name: string }>(
  rows: readonly R[] | undefined,
  label: (row: R) => string = (row) => row.name,
): SelectOption[] {
  return (rows ?? []).map((row) => ({ value: String(row.id), label: label(row) }));
}

/** A region's name with its state's, where names repeat across states (prants, districts). */
export const withStateName = (row: { name: string; state_name?: string | null }) =>
  row.state_name ? `${row.name} (${row.state_name})` : row.name;
