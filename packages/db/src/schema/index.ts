export * from "./geography";
export * from "./people";
export * from "./schools";
