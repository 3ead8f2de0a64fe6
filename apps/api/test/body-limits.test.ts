import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { REQUEST_BODY_MAX_BYTES } from "@repo/contracts/request-limits-constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support";

const MB = 1024 * 1024;

interface Sent {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the error envelope
  body: any;
  /** Bytes the client had written when the answer came. */
  written: number;
  ms: number;
}

/**
 * POSTs `total` bytes of JSON-looking filler over a real socket, 64 KB at a time, stopping as
 * soon as the server answers, so the test itself never holds the body. `declare` sends
 * Content-Length; without it the body goes chunked (streamed, size unknown to the server).
 */
function post(
  url: string,
  total: number,
  options: { declare: boolean; token?: string; type?: string; head?: string },
): Promise<Sent> {
  const started = performance.now();
  const chunk = Buffer.alloc(64 * 1024, "a");
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const headers: Record<string, string | number> = { "Content-Type": options.type ?? "application/json" };
    if (options.declare) headers["Content-Length"] = total;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const req = request(url, { method: "POST", headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (part: Buffer) => parts.push(part));
      res.on("end", () => {
        req.destroy();
        const text = Buffer.concat(parts).toString("utf8");
        resolve({
          status: res.statusCode ?? 0,
          body: text.startsWith("{") ? JSON.parse(text) : text,
          written,
          ms: performance.now() - started,
        });
      });
    });
    // The server may close the connection mid-upload once it has answered: that is the point.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.write(options.head ?? '{"username":"');
    const pump = () => {
      while (!answered && written < total) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end('"}');
    };
    pump();
  });
}

// One driver: the limits are enforced on the request stream before any query runs
// (docs/decisions/038-test-databases-and-one-driver.md).
describe("request body limits", () => {
  let api: TestApi;
  let server: Awaited<ReturnType<TestApi["listen"]>>;
  beforeAll(async () => {
    api = await startTestApi("pglite");
    server = await api.listen();
  });
  afterAll(async () => {
    await server?.close();
    await api?.close();
  });

  for (const declare of [true, false]) {
    const how = declare ? "with Content-Length" : "streamed (chunked)";
    it(`refuses an anonymous 100 MB sign-in body ${how} with 413, having read little of it`, async () => {
      const sent = await post(`${server.url}/api/login`, 100 * MB, { declare });
      expect(sent.status).toBe(413);
      expect(sent.body).toEqual({
        status: false,
        message: "The request is larger than 1 MB, the most this endpoint accepts. Send less at once.",
        data: null,
      });
      // Answered long before the client could push 100 MB (what it wrote is socket buffering).
      expect(sent.written).toBeLessThan(32 * MB);
      expect(sent.ms).toBeLessThan(5_000);
    });
  }

  it("still reads an ordinary sign-in body", async () => {
    const result = await api.call("POST", "/api/login", { json: { username: "school", password: "Wrong@12345" } });
    expect(result.status).toBe(401);
    expect(REQUEST_BODY_MAX_BYTES).toBe(MB);
  });

  it("gives an upload route its file's own limit: more than the JSON default, refused past it", async () => {
    const user = await api.login("pssubadmin", "papersetter");
    // 1.5 MB is past the JSON default but inside the photo's 2 MB: the form is read (streamed,
    // in-process) and the photo judged by its content, not refused for its size.
    const form = new FormData();
    form.set("full_name", "Sub Admin");
    form.set("profile_photo", new File([new Uint8Array(1.5 * MB)], "photo.png", { type: "image/png" }));
    const read = await api.call("POST", "/api/update-profile", { token: user, body: form });
    expect(read.status).toBe(422);
    expect(read.body.errors[0].field).toBe("profile_photo");
    // A profile photo may be 2 MB: 50 MB streamed is cut off just past that.
    const huge = await post(`${server.url}/api/update-profile`, 50 * MB, {
      declare: false,
      token: user,
      type: "multipart/form-data; boundary=x",
    });
    expect(huge.status).toBe(413);
    expect(huge.body.errors).toEqual([
      { field: "profile_photo", message: "The photo can be at most 2 MB. Upload a smaller file." },
    ]);
    expect(huge.written).toBeLessThan(32 * MB);
  });

  it("cuts off a streamed answer-sheet file past its limit while storing it, and keeps none of it", async () => {
    // Inside the file's part when the limit comes: the form is read as it streams (decision 047).
    const sent = await post(`${server.url}/api/admin-upload-txt-answersheet`, 300 * MB, {
      declare: false,
      token: await api.login("admin", "coordinator"),
      type: "multipart/form-data; boundary=x",
      head: '--x\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\n\r\n',
    });
    expect(sent.status).toBe(413);
    expect(sent.body.errors[0].field).toBe("file");
    expect(sent.written).toBeLessThan(290 * MB);
    const folder = path.join(api.uploadDir, "answer-sheets");
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it("checks access before reading: an anonymous upload is refused with 401 whatever its size", async () => {
    const sent = await post(`${server.url}/api/admin-upload-txt-answersheet`, 400 * MB, { declare: true });
    expect(sent.status).toBe(401);
    expect(sent.written).toBeLessThan(32 * MB);
  });
});
