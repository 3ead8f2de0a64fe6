/**
 * Row ids are PostgreSQL `integer` columns: 1 to 2,147,483,647. A larger id cannot exist, and
 * sending one to the database is an error there (docs/decisions/029-hostile-input.md). Free of zod.
 */
export const ID_MAX = 2_147_483_647;

/** The few `smallint` id columns (roles, categories): 1 to 32,767. */
export const SMALL_ID_MAX = 32_767;
