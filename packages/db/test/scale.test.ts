import { verifyPassword } from "@repo/auth/password";
import { ROLE } from "@repo/auth/roles";
import { queryRows } from "@repo/db";
import { DEFAULT_DEMO_PASSWORD } from "@repo/db/seed";
import { seedScale } from "@repo/db/seed/scale";
import { createTestDatabase, testDrivers } from "@repo/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../src/testing";

for (const driver of testDrivers()) {
  describe(`scale seed on ${driver}`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(driver);
      await seedScale(database.db, { schools: 40, students: 400, coordinators: 8, schoolAccounts: 5 });
    }, 120_000);
    afterAll(async () => {
      await database?.close();
    });

    it("gives the first verified generated schools a school account each, with the demo password", async () => {
      const accounts = await queryRows<{
        username: string;
        role_id: number;
        school_id: number;
        verified: boolean;
        password_hash: string;
      }>(
        database.db,
        sql`select u.username, u.role_id, u.school_id, s.email_verified_at is not null as verified, u.password_hash
            from users u join schools s on s.id = u.school_id
            where u.username like 'scaleschool%' order by u.id`,
      );
      expect(accounts).toHaveLength(5);
      for (const account of accounts) {
        expect(account.username).toBe(`scaleschool${account.school_id}`);
        expect(account.role_id).toBe(ROLE.school);
        // A school pays only once its e-mail is verified: the load benchmark's schools pay.
        expect(account.verified).toBe(true);
      }
      expect(await verifyPassword(accounts[0]?.password_hash ?? "", DEFAULT_DEMO_PASSWORD)).toBe(true);
    });

    it("moves the invoice counter past the generated paid orders, so the next payment gets a free number", async () => {
      const [row] = await queryRows<{ last_value: number; highest: number; orders: number }>(
        database.db,
        sql`select q.last_value, (select max(invoice_number) from payment_orders o where o.exam_year_id = q.exam_year_id) as highest,
                   (select count(*)::int from payment_orders o where o.exam_year_id = q.exam_year_id) as orders
            from invoice_sequences q join exam_years y on y.id = q.exam_year_id and y.is_active`,
      );
      // More than the demo school's one order: the generated season's orders are numbered too.
      expect(row?.orders).toBeGreaterThan(1);
      expect(Number(row?.last_value)).toBe(Number(row?.highest));
    });
  });
}
