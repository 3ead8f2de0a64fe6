import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import { appRequest, envelope, type StubbedApi, signedInAs, stubApi, userRecord } from "@repo/remix-app/testing";
import { balanceQueryFrom, schoolBalancesLoader } from "./school-balances.server";

const args = (request: Request) => ({ request, context: {}, params: {} });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

describe("school payments", () => {
  it("keeps paging, search and owing=true only", () => {
    expect(balanceQueryFrom(new URLSearchParams("search=vidya&owing=true&page=2"))).toMatchObject({
      search: "vidya",
      owing: "true",
      page: 2,
    });
    expect(balanceQueryFrom(new URLSearchParams("owing=yes"))).not.toHaveProperty("owing");
  });

  it("loads the balances, keeps the filters for the export, and leads to a school's orders", async () => {
    api = stubApi({
      "GET /api/user": signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" })),
      "GET /api/paysupport/schools": {
        body: envelope({ items: [{ school_id: 3 }], page: 1, per_page: 10, total: 1, last_page: 1 }),
      },
    });
    const data = await schoolBalancesLoader(args(await appRequest("/paysupport/school-pay-support?owing=true")));
    expect(data).toMatchObject({
      total: 1,
      filters: { owing: "true" },
      ordersHref: "/paysupport/student-pay-support",
      failure: null,
    });
  });

  it("is refused to a coordinator", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 8, role_name: "Zonal Coordinator" })) });
    await expect(schoolBalancesLoader(args(await appRequest("/paysupport/school-pay-support")))).rejects.toMatchObject({
      status: 403,
    });
  });
});
