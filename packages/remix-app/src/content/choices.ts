import { EXAM_LEVELS } from "@repo/contracts/fees";
import { LANGUAGES, languageName } from "@repo/contracts/languages";
import { CLASS_LEVELS, classLabel } from "@repo/contracts/students-constants";

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
