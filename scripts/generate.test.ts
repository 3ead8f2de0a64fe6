import { describe, expect, it } from "vitest";
import { generateApiClient, readCommitted } from "./generate";

describe("generated API client", () => {
  it("matches the API's current OpenAPI document (run `npm run generate` when this fails)", async () => {
    const fresh = await generateApiClient();
    const committed = readCommitted();
    expect(committed.openapi, "packages/api-client/openapi.json is stale: run `npm run generate`").toBe(fresh.openapi);
    expect(committed.schema, "packages/api-client/src/schema.gen.ts is stale: run `npm run generate`").toBe(
      fresh.schema,
    );
  });
});
