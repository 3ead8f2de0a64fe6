// Preloaded (`node --import`) into an API process of the ratios bench (bench/ratios.ts): every
// statement the pg driver sends, with its parameters as PostgreSQL receives them, appended as a
// JSON line to RATIOS_CAPTURE_FILE. The bench replays them with pgbench and psql (issue 39 item 1).
// Only the capture process has it; the measured API runs without it.
import { appendFileSync } from "node:fs";
import pg from "pg";
import utils from "pg/lib/utils.js";

const file = process.env.RATIOS_CAPTURE_FILE;
if (file) {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function capture(config, values, callback) {
    const text = typeof config === "string" ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === "string") {
      const prepared = (params ?? []).map((value) => {
        const v = utils.prepareValue(value);
        return Buffer.isBuffer(v) ? `\\x${v.toString("hex")}` : v;
      });
      appendFileSync(file, `${JSON.stringify({ text, values: prepared })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
