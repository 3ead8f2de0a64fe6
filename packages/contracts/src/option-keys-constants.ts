/**
 * The options a question may have, and their keys in order: a module of its own so that the result
 * screens that count answers per option do not load the papers' words (decision 058, 062).
 */
export const OPTION_KEYS = ["A", "B", "C", "D", "E", "F"] as const;
