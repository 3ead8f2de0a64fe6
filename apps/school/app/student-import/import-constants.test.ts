import { readFileSync } from "node:fs";
import { SCHOOL_IMPORT } from "@repo/contracts/master-institutes-constants";
import { STUDENT_IMPORT } from "@repo/contracts/students-constants";
import { importLimitsText } from "@repo/contracts/uploads-constants";
import { describe, expect, it } from "vitest";
import { SCHOOL_IMPORT_KIND, STUDENT_IMPORT_KIND } from "./import-constants";

// The limits the import screens state are the API's published ones, from one constant (decision 064).
const published = JSON.parse(
  readFileSync(new URL("../../../../packages/api-client/openapi.json", import.meta.url), "utf8"),
) as {
  paths: Record<
    string,
    {
      post: { requestBody: { content: Record<string, { schema: { properties: { file: { description: string } } } }> } };
    }
  >;
};
const fileDescription = (path: string) =>
  published.paths[path]?.post.requestBody.content["multipart/form-data"]?.schema.properties.file.description;

describe("the school app's imports state the API's limits", () => {
  it.each([
    { kind: STUDENT_IMPORT_KIND, limits: STUDENT_IMPORT, path: "/api/schools/student/import" },
    { kind: SCHOOL_IMPORT_KIND, limits: SCHOOL_IMPORT, path: "/api/master-institute/schools/import" },
  ])("$kind.nouns: $path", ({ kind, limits, path }) => {
    expect({ maxBytes: kind.maxBytes, maxRows: kind.maxRows }).toEqual({
      maxBytes: limits.maxBytes,
      maxRows: limits.maxRows,
    });
    expect(fileDescription(path)).toContain(importLimitsText(kind, kind.nouns));
  });
});
