// A pooled connection lost while it is checked out (PostgreSQL restarted, or PgBouncer closing a
// client whose server connection died mid-transaction) must fail its holder's next statement, not
// the process: the season rehearsal's `pg_ctl restart -m fast` ended both API instances with an
// unhandled 'error' event of such a client (issue 38 item 5).
import { openDatabase } from "@repo/db";
import { type PrivatePostgres, privatePostgresBinaries, startPrivatePostgres } from "@repo/db/private-server";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe.skipIf(!privatePostgresBinaries())("a checked-out connection lost under its holder", () => {
  let server: PrivatePostgres;
  beforeAll(async () => {
    server = await startPrivatePostgres();
  }, 120_000);
  afterAll(async () => {
    await server?.destroy();
  });

  it("fails the holder's next statement and leaves the pool working once the server is back", async () => {
    const database = await openDatabase({ url: server.url(), maxConnections: 2, migrate: false });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    // Held between two statements, as a transaction or a job holds it.
    const held = await pool.connect();
    await held.query("select 1");
    await server.stop();
    // Long enough for the socket's end to arrive: without a listener, an 'error' event ends the process.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(held.query("select 1")).rejects.toThrow();
    held.release(true);
    await server.start();
    const rows = await database.db.execute(sql`select 1 as one`);
    expect((rows as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
    await database.close();
  }, 60_000);
});
