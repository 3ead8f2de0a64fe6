// Prints docs/capacity.md's table from a rehearsal's figures:
//   npx tsx bench/capacity.ts [bench/results/rehearsal.json]
import { readFileSync } from "node:fs";
import { capacityTable, type RehearsalFigures } from "./rehearsal/capacity";

const file = process.argv[2] ?? new URL("./results/rehearsal.json", import.meta.url).pathname;
console.log(capacityTable(JSON.parse(readFileSync(file, "utf8")) as RehearsalFigures));
