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
