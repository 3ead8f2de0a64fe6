// Text messages through the SMS gateway adapter, against the local fake gateway over real HTTP
// (docs/decisions/051-sms-gateway.md): the request the gateway gets, a failure that is visible and
// retried until sent, a refusal that a person retries, the limit per number, OTPs through it.
import { INTERRUPTED_SMS, SMS_SEND_JOB, SMS_SENDS_PER_NUMBER } from "@repo/contracts/sms-constants";
import { smsOutbox } from "@repo/db/schema";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeSmsGateway, startFakeSmsGateway } from "../scripts/fake-sms-gateway";
import {
  FAKE_SMS_AUTH_KEY,
  FAKE_SMS_SENDER_ID,
  FAKE_SMS_TEMPLATES,
  flowGateway,
  gatewayNumber,
  SmsGatewayError,
} from "../src/domains/sms/gateway";
import { runNextJob } from "../src/kernel/jobs/jobs";
import { jobHandlers } from "../src/services";
import { startTestApi, type TestApi } from "./support";

const log = pino({ level: "silent" });

describe("the SMS gateway adapter against the fake gateway (real HTTP)", () => {
  let fake: FakeSmsGateway;
  const config = {
    provider: "fake" as const,
    authKey: "a-private-key",
    senderId: "EXMPRT",
    templates: { "student-sign-in": "1107001", "mobile-otp": "1107002", "password-reset-code": "1107003" },
    maxAttempts: 3,
    retryBaseSeconds: 1,
  };
  beforeAll(async () => {
    fake = await startFakeSmsGateway({ authKey: config.authKey, senderId: "EXMPRT", templates: config.templates });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("sends the kind's registered template id, the sender id, the key and every variable", async () => {
    const gateway = flowGateway({ ...config, url: fake.url });
    const { gatewayId } = await gateway.send({
      kind: "password-reset-code",
      to: "9876543210",
      variables: { code: "482913", minutes: "10" },
    });
    expect(gatewayId).toMatch(/^fake/);
    expect(fake.inbox.at(-1)).toMatchObject({
      id: gatewayId,
      to: "919876543210",
      kind: "password-reset-code",
      template_id: "1107003",
      sender: "EXMPRT",
      variables: { code: "482913", minutes: "10" },
      text: "482913 is your Exam Portal password reset code. It expires in 10 minutes. If you did not ask for it, ignore this message.",
    });
  });

  it("is refused for good with a wrong key or an unregistered template, and for now on a 5xx", async () => {
    const message = { kind: "mobile-otp" as const, to: "+919876500001", variables: { otp: "123456", minutes: "10" } };
    const wrongKey = flowGateway({ ...config, authKey: "not-the-key", url: fake.url });
    await expect(wrongKey.send(message)).rejects.toMatchObject({
      temporary: false,
      message: "The SMS gateway refused it (HTTP 401): Authentication failure",
    });
    const unregistered = flowGateway({
      ...config,
      templates: { ...config.templates, "mobile-otp": "999" },
      url: fake.url,
    });
    await expect(unregistered.send(message)).rejects.toMatchObject({ temporary: false, message: /Template ID 999/ });
    fake.fail(message.to);
    const gateway = flowGateway({ ...config, url: fake.url });
    const error = await gateway.send(message).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsGatewayError);
    expect(error).toMatchObject({ temporary: true, message: /503/ });
    await expect(gateway.send(message)).resolves.toMatchObject({ gatewayId: expect.any(String) });
  });

  it("gives the gateway Indian numbers with their country code, however they were typed", () => {
    for (const typed of ["9876543210", "+91 98765 43210", "09876543210", "919876543210", "+91-98765-43210"]) {
      expect(gatewayNumber(typed)).toBe("919876543210");
    }
    expect(gatewayNumber("+447700900123")).toBe("447700900123");
  });

  it("counts a gateway that cannot be reached as a failure for now", async () => {
    const gateway = flowGateway({ ...config, url: "http://127.0.0.1:9" }, 2000);
    await expect(
      gateway.send({ kind: "mobile-otp", to: "9876500002", variables: { otp: "1", minutes: "1" } }),
    ).rejects.toMatchObject({ temporary: true, message: /could not be reached/ });
  });
});

describe("texts are queued, sent by jobs, retried, visible in the outbox", () => {
  let api: TestApi;
  let fake: FakeSmsGateway;
  let outbox: string;
  const runJobs = async () => {
    const handlers = jobHandlers(api.services);
    while (await runNextJob(api.db, handlers, { runnerId: "sms-test", log }));
  };
  /** Makes the waiting retries due now instead of after their backoff. */
  const dueNow = () => api.db.execute(sql`update jobs set run_after = now() where kind = ${SMS_SEND_JOB}`);
  const listed = async (search: string) => {
    const result = await api.call("GET", `/api/sms/messages?search=${search}`, { token: outbox });
    expect(result.status).toBe(200);
    return result.body.data.items;
  };

  beforeAll(async () => {
    fake = await startFakeSmsGateway();
    api = await startTestApi("pglite", {
      sms: {
        provider: "fake",
        url: fake.url,
        authKey: FAKE_SMS_AUTH_KEY,
        senderId: FAKE_SMS_SENDER_ID,
        templates: FAKE_SMS_TEMPLATES,
        maxAttempts: 3,
        retryBaseSeconds: 60,
      },
    });
    outbox = await api.login("outbox", "outbox");
  });
  afterAll(async () => {
    await api?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    await runJobs();
  });

  it("a failed send is visible (status, attempts, error, next try), retried with backoff and then sent", async () => {
    const to = "9811100001";
    fake.fail(to, 2);
    const id = await api.services.sms.send({
      kind: "student-sign-in",
      to,
      vars: { name: "Asha Rao", username: "stu000042", password: "Pw#secret9", url: "https://school.example/login" },
    });
    await runJobs();
    let [item] = await listed(to);
    expect(item).toMatchObject({ id, status: "queued", attempts: 1, last_error: expect.stringMatching(/503/) });
    // The password is never shown.
    expect(item.text).toContain("username stu000042, password ••••••");
    const firstWait = new Date(item.next_attempt_at).getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(50_000);
    expect(firstWait).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing runs.
    await runJobs();
    expect((await listed(to))[0]).toMatchObject({ attempts: 1 });

    await dueNow();
    await runJobs();
    [item] = await listed(to);
    expect(item).toMatchObject({ status: "queued", attempts: 2 });
    // The second wait doubles the first.
    expect(new Date(item.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(110_000);

    await dueNow();
    await runJobs();
    [item] = await listed(to);
    expect(item).toMatchObject({ status: "sent", attempts: 3, last_error: null, gateway_id: expect.any(String) });
    const texts = fake.inbox.filter((m) => m.to === `91${to}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.text).toBe(
      "Dear Asha Rao, your Exam Portal sign-in: username stu000042, password Pw#secret9. Sign in at https://school.example/login and choose your own password.",
    );
    // Sent: the password is gone from the database too.
    const [row] = await api.db.select().from(smsOutbox).where(eq(smsOutbox.id, id));
    expect(row?.variables).toEqual({ name: "Asha Rao", username: "stu000042", url: "https://school.example/login" });
  });

  it("a refused text fails at once; the outbox retries it and it is sent; only failed ones", async () => {
    const to = "9811100002";
    fake.fail(to, 1, true);
    const id = await api.services.sms.send({ kind: "mobile-otp", to, vars: { otp: "654321", minutes: "10" } });
    await runJobs();
    expect((await listed(to))[0]).toMatchObject({ status: "failed", attempts: 1, last_error: /DND/ });
    const school = await api.login("school");
    expect((await api.call("POST", `/api/sms/messages/${id}/retry`, { token: school })).status).toBe(403);
    const retried = await api.call("POST", `/api/sms/messages/${id}/retry`, { token: outbox });
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ status: "queued", attempts: 0, last_error: null });
    await runJobs();
    expect((await listed(to))[0]).toMatchObject({ status: "sent", attempts: 1 });
    expect(fake.inbox.filter((m) => m.to === `91${to}`).map((m) => m.variables.otp)).toEqual(["654321"]);
    const again = await api.call("POST", `/api/sms/messages/${id}/retry`, { token: outbox });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Only failed messages can be retried, and this one is sent/);
  });

  it("a temporary failure that outlasts the attempts ends failed", async () => {
    const to = "9811100003";
    fake.fail(to, 10);
    await api.services.sms.send({ kind: "mobile-otp", to, vars: { otp: "111111", minutes: "10" } });
    for (let i = 0; i < 3; i++) {
      await dueNow();
      await runJobs();
    }
    expect((await listed(to))[0]).toMatchObject({ status: "failed", attempts: 3, last_error: /503/ });
  });

  it("never sends twice a text whose hand-over was interrupted: it is failed, saying it may have arrived", async () => {
    const to = "9811100009";
    const id = await api.services.sms.send({ kind: "mobile-otp", to, vars: { otp: "222222", minutes: "10" } });
    // As a runner that died after marking it `sending` leaves it; its job runs again.
    await api.db.update(smsOutbox).set({ status: "sending", attempts: 1 }).where(eq(smsOutbox.id, id));
    await runJobs();
    expect((await listed(to))[0]).toMatchObject({ status: "failed", last_error: INTERRUPTED_SMS });
    expect(fake.inbox.filter((m) => m.to === `91${to}`)).toHaveLength(0);
  });

  it("limits the texts to one number per hour, whatever its form; other numbers are not held up", async () => {
    const send = (to: string) => api.services.sms.send({ kind: "mobile-otp", to, vars: { otp: "1", minutes: "10" } });
    for (let i = 0; i < SMS_SENDS_PER_NUMBER.max; i++) await send(i % 2 ? "9811100004" : "+919811100004");
    await expect(send("9811100004")).rejects.toMatchObject({ status: 429, message: /Too many text messages/ });
    await expect(send("9811100005")).resolves.toEqual(expect.any(Number));
  });

  it("texts the mobile verification code through the gateway; the code verifies the number", async () => {
    const token = await api.login("lms");
    const mobile = "+919811100006";
    const sent = await api.call("POST", `/api/send-mobile-otp-after-login?mobile=${encodeURIComponent(mobile)}`, {
      token,
    });
    expect(sent.status).toBe(200);
    await runJobs();
    const text = fake.inbox.filter((m) => m.to === "919811100006").at(-1);
    expect(text).toMatchObject({ kind: "mobile-otp", template_id: FAKE_SMS_TEMPLATES["mobile-otp"] });
    const verified = await api.call("POST", "/api/verify-mobile-otp-after-login", {
      token,
      json: { mobile, otp: text?.variables.otp },
    });
    expect(verified.status).toBe(200);
  });

  it("texts a student without e-mail its sign-in; the school sees whether the text went", async () => {
    const token = await api.login("school");
    const add = (first_name: string, phone: string) =>
      api.call("POST", "/api/schools/student/create", {
        token,
        json: {
          first_name,
          last_name: "Verma",
          class_level: 7,
          language: "hi",
          gender: "male",
          date_of_birth: "2014-02-01",
          parent_name: "Ravi Verma",
          phone,
          email: "",
        },
      });
    const sent = await add("Arjun", "9811100007");
    const failed = await add("Dev", "9811100008");
    fake.fail("9811100008", 1, true);
    for (const student of [sent, failed]) {
      const result = await api.call("GET", `/api/schools/student/${student.body.data.id}/send-credential-mail`, {
        token,
      });
      expect(result.status).toBe(200);
      expect(result.body.message).toBe("The sign-in details are on their way by text message");
    }
    await runJobs();
    const text = fake.inbox.filter((m) => m.to === "919811100007").at(-1);
    expect(text).toMatchObject({ kind: "student-sign-in", template_id: FAKE_SMS_TEMPLATES["student-sign-in"] });
    const signIn = await api.call("POST", "/api/login", {
      json: { username: text?.variables.username, password: text?.variables.password, app: "school" },
    });
    expect(signIn.status).toBe(200);

    const list = await api.call("GET", "/api/schools/student-list?search=verma", { token });
    const byName = Object.fromEntries(
      list.body.data.items.map((row: { first_name: string; sign_in_sms: unknown }) => [
        row.first_name,
        row.sign_in_sms,
      ]),
    );
    expect(byName.Arjun).toMatchObject({ status: "sent", last_error: null });
    expect(byName.Dev).toMatchObject({ status: "failed", last_error: expect.stringMatching(/DND/) });
  });

  it("lists texts only for the outbox role", async () => {
    const school = await api.login("school");
    expect((await api.call("GET", "/api/sms/messages", { token: school })).status).toBe(403);
    expect((await api.call("GET", "/api/sms/messages")).status).toBe(401);
    const bad = await api.call("GET", "/api/sms/messages?status=lost", { token: outbox });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/status must be one of queued, sending, sent, failed/);
  });
});
