import { sendMailBody } from "@repo/contracts/mail";
import { describe, expect, it } from "vitest";
import { composeToBody, EMPTY_COMPOSE, sharedVariables, splitAddresses } from "./compose";

describe("the compose form's send body", () => {
  it("sends roles with the chosen region, ids as numbers", () => {
    const body = composeToBody({ ...EMPTY_COMPOSE, role_ids: ["9"], zone_id: "2", template: "general-circular|hi" }, [
      "name",
      "title",
    ]);
    expect(body).toEqual({
      audience: { kind: "roles", role_ids: [9], zone_id: 2 },
      template_key: "general-circular",
      language: "hi",
      variables: { title: "" },
    });
  });

  it("sends schools by payment and a written mail", () => {
    const body = composeToBody({
      ...EMPTY_COMPOSE,
      kind: "schools",
      payment: "unpaid",
      state_ids: ["4", "5"],
      mode: "compose",
      subject: "Fees due",
      body: "<p>Dear {{name}}</p>",
    });
    expect(body).toEqual({
      audience: { kind: "schools", payment: "unpaid", state_ids: [4, 5] },
      subject: "Fees due",
      body: "<p>Dear {{name}}</p>",
      variables: {},
    });
    expect(sendMailBody.safeParse(body).success).toBe(true);
  });

  it("splits a pasted list on lines, commas, semicolons and spaces", () => {
    expect(splitAddresses(" a@x.org,b@y.org;\n\n c@z.org  d@w.org ")).toEqual([
      "a@x.org",
      "b@y.org",
      "c@z.org",
      "d@w.org",
    ]);
    const body = composeToBody({ ...EMPTY_COMPOSE, kind: "list", addresses: "a@x.org\nb@y.org", template: "x-y|en" });
    expect(body.audience).toEqual({ kind: "list", addresses: ["a@x.org", "b@y.org"] });
  });

  it("leaves the per-recipient variables to the API", () => {
    expect(sharedVariables(["name", "title", "email", "deadline"])).toEqual(["title", "deadline"]);
  });

  it("gives a body the API refuses, with its reason, when nothing is chosen", () => {
    const result = sendMailBody.safeParse(composeToBody({ ...EMPTY_COMPOSE, mode: "compose" }));
    expect(result.success).toBe(false);
  });
});
