import { hash, verify } from "@node-rs/argon2";

/**
 * Password hashing (argon2id, the @node-rs binding: the `argon2` package segfaults on this
 * toolchain, ARCHITECTURE pitfall 4). Server-only: never import this from browser code.
 */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

/**
 * A real hash of a throwaway password, verified when the username does not exist so that a
 * failed sign-in takes the same time whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword("decoy-password-for-timing");
  return decoy;
}
