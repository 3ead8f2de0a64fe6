import { afterEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => Object.assign(globalThis, { __APP_ID__: "coordinator" }));

import {
  appRequest,
  envelope,
  type StubbedApi,
  settle,
  signedInAs,
  stubApi,
  userRecord,
} from "@repo/remix-app/testing";
import {
  certificatesAction,
  certificatesLoader,
  choiceFrom,
  coordinatorBulkFileLoader,
  coordinatorCertificateLoader,
} from "./certificates.server";
import { coordinatorBulkCertificatesPath, coordinatorCertificatePath } from "./paths";

const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: {}, params });
let api: StubbedApi | undefined;
afterEach(() => api?.restore());

const district = () => signedInAs(userRecord({ role_id: 11, role_name: "District Coordinator", username: "district" }));
const refusal = (status: number, message: string) => ({ status, body: { status: false, message, data: null } });
const PAGE = "/result-overview/certificates";

describe("the Certificates page", () => {
  it("reads the level and the places from the URL, dropping what is not a value", () => {
    expect(choiceFrom(new URLSearchParams("level=level2&state_id=20&district_id=3&school_id=x"))).toEqual({
      level: "level2",
      stateId: 20,
      districtId: 3,
      schoolId: undefined,
    });
    expect(choiceFrom(new URLSearchParams("level=mock")).level).toBe("level1");
  });

  it("offers the region's states, the chosen state's districts and the chosen district's schools", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "POST /api/fetchState": { body: envelope([{ id: 20, name: "Maharashtra" }]) },
      "POST /api/fetchDistrict": { body: envelope([{ id: 3, name: "Pune" }]) },
      "POST /api/region/schools": {
        body: envelope({
          items: [{ id: 1, name: "Jnana Prabodhini Prashala, Pune" }],
          page: 1,
          per_page: 100,
          total: 1,
          last_page: 1,
        }),
      },
    });
    const data = await certificatesLoader(args(await appRequest(`${PAGE}?state_id=20&district_id=3`)));
    expect(data).toMatchObject({
      states: [{ value: "20", label: "Maharashtra" }],
      districts: [{ value: "3", label: "Pune" }],
      schools: [{ value: "1", label: "Jnana Prabodhini Prashala, Pune" }],
      moreSchools: false,
      failure: null,
    });
    expect(api.calls.find((c) => c.path === "/api/fetchDistrict")?.body).toEqual({ state_ids: [20] });
  });

  it("is refused to pay support, which sees no results", async () => {
    api = stubApi({ "GET /api/user": signedInAs(userRecord({ role_id: 5, role_name: "Pay Support" })) });
    const { thrown } = await settle(async () => certificatesLoader(args(await appRequest(PAGE))));
    expect(thrown?.status).toBe(403);
  });
});

describe("making a place's certificates", () => {
  it("starts the run of the narrowest place chosen", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "POST /api/certificates/bulk": { status: 202, body: envelope({ job_id: 9 }, "Making 40 certificates") },
    });
    const answer = await certificatesAction(
      args(
        await appRequest(PAGE, {
          form: { level: "level1", state_id: "20", district_id: "3", school_id: "", output: "zip" },
        }),
      ),
    );
    expect(answer.data).toEqual({ ok: true, jobId: 9, message: "Making 40 certificates" });
    expect(api.calls.at(-1)?.body).toEqual({ level: "level1", output: "zip", district_id: 3 });
  });

  it("needs a place, and passes the API's refusal on", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "POST /api/certificates/bulk": refusal(404, "State not found"),
    });
    expect((await certificatesAction(args(await appRequest(PAGE, { form: { level: "level1" } })))).data.ok).toBe(false);
    const refused = await certificatesAction(
      args(await appRequest(PAGE, { form: { level: "level1", state_id: "13" } })),
    );
    expect(refused.data).toEqual({ ok: false, message: "State not found" });
    expect(refused.init?.status).toBe(404);
  });
});

describe("the coordinator's certificate downloads", () => {
  it("streams a student's certificate and a finished run's file", async () => {
    api = stubApi({
      "GET /api/user": district(),
      "GET /api/certificate/42": () => new Response("%PDF one", { headers: { "Content-Type": "application/pdf" } }),
      "GET /api/certificates/bulk/9/file": () =>
        new Response("%PDF all", { headers: { "Content-Type": "application/pdf" } }),
      "GET /api/certificate/43": refusal(404, "Certificate not found"),
      "GET /api/certificates/bulk/8/file": refusal(410, "This file was removed 7 days after it was made."),
    });
    const one = await coordinatorCertificateLoader(
      args(await appRequest(coordinatorCertificatePath(42, "level1")), { student: "42" }),
    );
    expect(await one.text()).toBe("%PDF one");
    const all = await coordinatorBulkFileLoader(
      args(await appRequest(coordinatorBulkCertificatesPath(9)), { job: "9" }),
    );
    expect(await all.text()).toBe("%PDF all");
    const outside = await coordinatorCertificateLoader(
      args(await appRequest(coordinatorCertificatePath(43, "level1")), { student: "43" }),
    );
    expect(outside.status).toBe(404);
    // A file housekeeping removed says so, not "no such file".
    const removed = await coordinatorBulkFileLoader(
      args(await appRequest(coordinatorBulkCertificatesPath(8)), { job: "8" }),
    );
    expect(removed.status).toBe(410);
    expect(await removed.text()).toContain("removed 7 days after");
  });
});
