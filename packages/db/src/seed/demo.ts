import { hashPassword } from "@repo/auth/password";
import { ROLES } from "@repo/auth/roles";
import { count } from "drizzle-orm";
import type { Db } from "../client";
import { users } from "../schema";

export const DEFAULT_DEMO_PASSWORD = "Demo@12345";

export interface DemoLogin {
  username: string;
  roleId: number;
  roleName: string;
}

/** The demo sign-ins of DECISIONS §1: one active user per role. */
export function demoLogins(): DemoLogin[] {
  return ROLES.map((role) => ({ username: role.demoUsername, roleId: role.id, roleName: role.name }));
}

/**
 * Loads demo data into an empty database (no users yet) and reports whether it did. Running it
 * on a database that already has people is a no-op, so restarts never duplicate or overwrite.
 */
export async function seedDemoData(db: Db, password = DEFAULT_DEMO_PASSWORD): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(password);
  await db.insert(users).values(
    ROLES.map((role) => ({
      username: role.demoUsername,
      email: `${role.demoUsername}@demo.example.org`,
      name: `Demo ${role.name}`,
      roleId: role.id,
      passwordHash,
    })),
  );
  return true;
}
