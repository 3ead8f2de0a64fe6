export * from "./content-notices";
export * from "./fees";
export * from "./geography";
export * from "./jobs";
export * from "./mail";
export * from "./people";
export * from "./schools";
