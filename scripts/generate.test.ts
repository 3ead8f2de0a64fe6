import { describe, expect, it } from "vitest";
import { generateApiClient, readCommitted } from "./generate";

describe("generated API client and route permissions", () => {
  it("matches the API's current OpenAPI document (run `npm run generate` when this fails)", async () => {
    const fresh = await generateApiClient();
    const committed = readCommitted();
    expect(committed.openapi, "packages/api-client/openapi.json is stale: run `npm run generate`").toBe(fresh.openapi);
    expect(committed.schema, "packages/api-client/src/schema.gen.ts is stale: run `npm run generate`").toBe(
      fresh.schema,
    );
    expect(
      committed.permissions,
      "apps/api/test/route-permissions.json is stale: run `npm run generate` and review the changed permissions",
    ).toBe(fresh.permissions);
  });
});
