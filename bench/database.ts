import pg from "pg";

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create or drop a bench database) on the admin connection. */
export async function admin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * What the bench databases' names start with: `--database-prefix`, else BENCH_DATABASE_PREFIX,
 * else `portal_bench_`. Two checkouts benching on one server use two prefixes (issue 39).
 */
export function benchDatabasePrefix(args: readonly string[] = process.argv.slice(2), env = process.env): string {
  const at = args.indexOf("--database-prefix");
  const prefix = at === -1 ? (env.BENCH_DATABASE_PREFIX ?? "portal_bench_") : String(args[at + 1] ?? "");
  // Names go into CREATE and DROP DATABASE: plain lower-case names only.
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix)) {
    throw new Error(`the database prefix must be lower-case letters, digits and _ (got ${JSON.stringify(prefix)})`);
  }
  return prefix;
}

/** A bench database's name: the prefix, then `name` (e.g. `portal_bench_results`). */
export const benchDatabase = (name: string) => `${benchDatabasePrefix()}${name}`;
