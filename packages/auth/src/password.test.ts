import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("stores argon2id hashes that verify only the right password", async () => {
    const stored = await hashPassword("Demo@12345");
    expect(stored.startsWith("$argon2id$")).toBe(true);
    expect(stored).not.toContain("Demo@12345");
    await expect(verifyPassword(stored, "Demo@12345")).resolves.toBe(true);
    await expect(verifyPassword(stored, "demo@12345")).resolves.toBe(false);
  });

  it("treats a malformed stored hash as a mismatch", async () => {
    await expect(verifyPassword("not-a-hash", "anything")).resolves.toBe(false);
  });
});
