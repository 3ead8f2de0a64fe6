import { openDatabase, queryRows } from "@repo/db";
import { openReadReplica } from "@repo/db/read-replica";
import { privatePostgresBinaries, type ReplicaPair, startReplicaPair } from "@repo/db/replica-testing";
import { seedDemoData } from "@repo/db/seed";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

// Decision 067: with DATABASE_READ_URL, reports read a streaming replica; money, a school's own
// pages, sessions and access read the primary; a session that just changed something reads the
// primary. Proven on a primary and replica of the test's own, replay paused while the primary changes.
describe.skipIf(!privatePostgresBinaries())("a read replica (decision 067)", () => {
  let pair: ReplicaPair;
  let api: TestApi;
  beforeAll(async () => {
    // One pair for the file: initdb, pg_basebackup and the start of both cost seconds on 2 cores.
    pair = await startReplicaPair();
    const database = await openDatabase({ url: pair.primaryUrl(), maxConnections: 4 });
    await seedDemoData(database.db);
    const replica = await openReadReplica(database, pair.replicaUrl(), { maxConnections: 4 });
    api = await startTestApi("postgres", {}, { ...database, url: pair.primaryUrl() }, undefined, replica);
    await pair.caughtUp();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await pair?.stop();
  });

  /** Runs `during` with the replica applying nothing (what it serves is what it had), then lets it catch up. */
  async function whileReplicaLags(during: () => Promise<void>) {
    await pair.caughtUp();
    await pair.pauseReplay();
    try {
      await during();
    } finally {
      await pair.resumeReplay();
    }
    await pair.caughtUp();
  }

  const csvOf = async (token: string, filters: unknown) => {
    const result = await api.call("POST", "/api/export/region-students?format=csv", { token, json: filters });
    expect(result.status).toBe(200);
    return new TextDecoder().decode(result.body as ArrayBuffer);
  };
  const post = async (token: string, path: string, json: unknown = {}) => {
    const result = await api.call("POST", path, { token, json });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return result.body.data;
  };
  const paidInStates = async (token: string) =>
    ((await post(token, "/api/admin/dashboard/state-summary")) as { paid: number }[]).reduce(
      (sum, row) => sum + row.paid,
      0,
    );

  it("serves exports, region lists and dashboards from the replica; money and a school's own pages from the primary", async () => {
    const [student] = await queryRows<{ id: number; first_name: string; school_id: number }>(
      api.db,
      sql`select s.id, s.first_name, s.school_id from students s
          join users u on u.school_id = s.school_id and u.username = 'school'
          join exam_years y on y.id = s.exam_year_id and y.is_active
          where s.payment_status = 'unpaid' order by s.id limit 1`,
    );
    if (!student) throw new Error("the demo school has no unpaid student");
    const admin = await api.login("admin", "coordinator");
    const school = await api.login("school");
    const filters = { school_id: student.school_id };
    const listed = async () =>
      (
        (await post(admin, "/api/region/students", { ...filters, per_page: 100 })).items as { first_name: string }[]
      ).map((row) => row.first_name);
    expect(await csvOf(admin, filters)).toContain(student.first_name);
    const paidBefore = await paidInStates(admin);
    const cardsBefore = await post(admin, "/api/admin/dashboard/card-summary");

    await whileReplicaLags(async () => {
      // Someone else's change, on the primary only for now.
      await queryRows(
        api.db,
        sql`update students set first_name = 'Laggingprobe', payment_status = 'paid' where id = ${student.id}`,
      );
      // The replica's answers: the export (COPY on the replica's pool), the list and a dashboard.
      const csv = await csvOf(admin, filters);
      expect(csv).toContain(student.first_name);
      expect(csv).not.toContain("Laggingprobe");
      expect(await listed()).not.toContain("Laggingprobe");
      expect(await paidInStates(admin)).toBe(paidBefore);
      // The primary's: the cards hold money, and the school's own page of its student.
      expect((await post(admin, "/api/admin/dashboard/card-summary")).paid).toBe(cardsBefore.paid + 1);
      const detail = await api.call("GET", `/api/students/detail/${student.id}`, { token: school });
      expect(detail.body.data.first_name).toBe("Laggingprobe");
    });

    expect(await csvOf(admin, filters)).toContain("Laggingprobe");
    expect(await listed()).toContain("Laggingprobe");
    expect(await paidInStates(admin)).toBe(paidBefore + 1);
  });

  it("reads the primary for a session that changed something moments ago, and only for it", async () => {
    const [school] = await queryRows<{ id: number; name: string; email: string }>(
      api.db,
      sql`select id, name, email from schools where email is not null order by id limit 1`,
    );
    if (!school) throw new Error("no demo school");
    const admin = await api.login("admin", "coordinator");
    const other = await api.login("subadmin", "coordinator");
    const schoolNames = async (token: string) =>
      ((await post(token, "/api/region/schools", { search: school.email })).items as { name: string }[]).map(
        (row) => row.name,
      );
    const wroteAt = async (token: string) => {
      const [row] = await queryRows<{ wrote_at: Date | null }>(
        api.db,
        sql`select s.wrote_at from sessions s join users u on u.id = s.user_id
            where u.username = ${token === admin ? "admin" : "subadmin"} and s.app = 'coordinator' and s.revoked_at is null
            order by s.id desc limit 1`,
      );
      return row?.wrote_at ?? null;
    };

    await whileReplicaLags(async () => {
      await queryRows(api.db, sql`update schools set name = 'Renamed While Lagging' where id = ${school.id}`);
      // Reports are not writes: reading them leaves the session on the replica.
      expect(await schoolNames(admin)).toEqual([school.name]);
      await csvOf(admin, {});
      expect(await wroteAt(admin)).toBeNull();

      // The admin changes its own profile: its reports now read the primary, which has everything.
      const form = new FormData();
      form.set("full_name", "Admin After A Change");
      const changed = await api.call("POST", "/api/update-profile", { token: admin, body: form });
      expect(changed.status).toBe(200);
      expect(await wroteAt(admin)).not.toBeNull();
      expect(await schoolNames(admin)).toEqual(["Renamed While Lagging"]);
      // Another session that changed nothing still reads the replica.
      expect(await schoolNames(other)).toEqual([school.name]);
      expect(await wroteAt(other)).toBeNull();
    });

    expect(await schoolNames(other)).toEqual(["Renamed While Lagging"]);
  });

  it("leaves a replica that falls behind or stops answering aside until it catches up", async () => {
    const watched = await openReadReplica(api.database, pair.replicaUrl(), {
      maxConnections: 1,
      maxLagMs: 300,
      probeMs: 50,
    });
    try {
      expect(watched.usable()).toBe(true);
      expect(watched.lagMs()).toBeLessThan(300);
      const until = async (done: () => boolean) => {
        const deadline = Date.now() + 10_000;
        while (!done()) {
          if (Date.now() > deadline) throw new Error("the probe never saw it");
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      await whileReplicaLags(async () => {
        await queryRows(api.db, sql`update exam_years set label = label`);
        await until(() => !watched.usable());
        expect(watched.lagMs()).toBeGreaterThanOrEqual(300);
      });
      await until(() => watched.usable());
      expect(watched.lagMs()).toBeLessThan(300);
    } finally {
      await watched.close();
    }
    // The API's own replica allows 30 s: the pauses above never sent its reports to the primary.
    expect(api.services.readReplica.usable()).toBe(true);
  });

  it("decides who sees what on the primary while the rows come from the replica", async () => {
    const district = await api.login("district", "coordinator");
    const total = async () => (await post(district, "/api/region/students", {})).total as number;
    expect(await total()).toBeGreaterThan(0);
    const assignments = await queryRows<{ id: number }>(
      api.db,
      sql`select a.id from coordinator_assignments a join users u on u.id = a.user_id where u.username = 'district'`,
    );
    await whileReplicaLags(async () => {
      // The assignment goes on the primary; the replica still has it, and must not be asked.
      await queryRows(
        api.db,
        sql`update coordinator_assignments set user_id = (select id from users where username = 'admin')
            where id in (${sql.join(
              assignments.map((row) => sql`${row.id}`),
              sql`, `,
            )})`,
      );
      expect(await total()).toBe(0);
      const csv = await csvOf(district, {});
      expect(csv.trim().split("\n")).toHaveLength(1);
    });
  });
});
