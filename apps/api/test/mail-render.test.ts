import { EnvError, parseEnv } from "@repo/contracts/env";
import {
  BUILT_IN_TEMPLATE_KEYS,
  MAIL_DEFAULT_MAX_ATTEMPTS,
  MAIL_DEFAULT_RATE_PER_MINUTE,
} from "@repo/contracts/mail-constants";
import { parseTemplate } from "@repo/contracts/mail-template";
import { describe, expect, it } from "vitest";
import { BUILT_IN_LANGUAGES, BUILT_IN_TEMPLATES } from "../src/domains/mail/built-in-templates";
import { classifyFailure } from "../src/domains/mail/delivery";
import { parsedContent, renderParts, renderTemplate, unsafeUrlValues, wrapInLayout } from "../src/domains/mail/render";
import { apiEnvSchema } from "../src/env";

describe("mail rendering", () => {
  it("wraps a body in one responsive layout that holds no variables of its own", () => {
    const html = wrapInLayout("<p>Hello</p>", "en");
    const parsed = parseTemplate(html);
    expect(parsed.ok && parsed.variables).toEqual([]);
    expect(html).toContain("max-width:600px");
    expect(html).toContain("background-color:#50CD89");
    expect(html).toContain(">Exam Portal</td>");
    expect(html).toContain("You are receiving this e-mail because");
    expect(html).toContain('role="presentation"');
    for (const language of ["hi", "ur", "ta"]) expect(parseTemplate(wrapInLayout("<p>x</p>", language)).ok).toBe(true);
    expect(wrapInLayout("<p>x</p>", "ur")).toContain('dir="rtl"');
  });

  it("renders every built-in template with a plain-text part that keeps its variables", () => {
    for (const key of BUILT_IN_TEMPLATE_KEYS) {
      for (const language of BUILT_IN_LANGUAGES) {
        const source = BUILT_IN_TEMPLATES[key][language];
        const rendered = renderTemplate(source.subject, source.body, language);
        expect(rendered.text, `${key}/${language}`).not.toBeNull();
        expect([...rendered.variables].sort(), `${key}/${language}`).toEqual(
          [...BUILT_IN_TEMPLATES[key].variables].sort(),
        );
      }
    }
  });

  it("fills HTML escaped, text and subject as they are, and never a script address", () => {
    const rendered = renderTemplate(
      "Hi {{ name }}",
      '<p>{{ name }}</p><p><a href="{{ link }}">open</a> <a href="https://x.test/?q={{ q }}">search</a></p>',
      "en",
    );
    const content = parsedContent(null, rendered);
    const values = { name: '<i>"Asha" & co</i>', link: "javascript:alert(1)", q: 'a"b' };
    expect(unsafeUrlValues(content.html, values)).toEqual(["link"]);
    const parts = renderParts(content, values);
    expect(parts.subject).toBe('Hi <i>"Asha" & co</i>');
    expect(parts.html).toContain("<p>&lt;i&gt;&quot;Asha&quot; &amp; co&lt;/i&gt;</p>");
    expect(parts.html).toContain('<a href="#">open</a>');
    expect(parts.html).toContain('href="https://x.test/?q=a&quot;b"');
    expect(parts.text).toContain('<i>"Asha" & co</i>');
    expect(renderParts(content, { ...values, name: "A\r\nBcc: x@y.test" }).subject).toBe("Hi A Bcc: x@y.test");
  });

  it("falls back to a per-message text part when an entity would turn into braces", () => {
    const rendered = renderTemplate("s", "<p>&#123;&#123; a &#125;&#125; {{ b }}</p>", "en");
    expect(rendered.text).toBeNull();
    const parts = renderParts(parsedContent(null, rendered), { b: "B" });
    expect(parts.text).toContain("{{ a }} B");
  });
});

describe("delivery failures", () => {
  it("sorts SMTP replies and connection errors into permanent and temporary", () => {
    expect(classifyFailure({ responseCode: 550, response: "550 5.1.1 No such user" })).toEqual({
      outcome: "permanent-failure",
      code: 550,
      response: "550 5.1.1 No such user",
    });
    expect(classifyFailure({ responseCode: 451, response: "451 Try later" }).outcome).toBe("temporary-failure");
    expect(classifyFailure({ responseCode: 503, response: "503 Bad sequence" }).outcome).toBe("temporary-failure");
    // A wrong password is the configuration's fault, not the message's: keep trying.
    expect(classifyFailure({ code: "EAUTH", responseCode: 535, response: "535 Auth failed" }).outcome).toBe(
      "temporary-failure",
    );
    for (const code of ["ECONNREFUSED", "ETIMEDOUT", "ECONNRESET", "ESOCKET", "ECONNECTION"]) {
      const failure = classifyFailure(Object.assign(new Error("connect failed"), { code }));
      expect(failure).toEqual({ outcome: "temporary-failure", code: null, response: `${code}: connect failed` });
    }
  });
});

describe("mail configuration", () => {
  const env = (values: Record<string, string>) => parseEnv("api", apiEnvSchema, values);

  it("has defaults", () => {
    expect(env({})).toMatchObject({
      MAIL_FROM: "Exam Portal <no-reply@localhost>",
      MAIL_RATE_PER_MINUTE: MAIL_DEFAULT_RATE_PER_MINUTE,
      MAIL_MAX_ATTEMPTS: MAIL_DEFAULT_MAX_ATTEMPTS,
      MAIL_RETRY_BASE_SECONDS: 60,
    });
    expect(env({}).SMTP_URL).toBeUndefined();
    expect(env({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
    expect(env({ SMTP_URL: "smtps://u:p@smtp.example.org:465", MAIL_FROM: "office@example.org" })).toMatchObject({
      SMTP_URL: "smtps://u:p@smtp.example.org:465",
      MAIL_FROM: "office@example.org",
    });
  });

  it("refuses bad values, naming the variable and the fix", () => {
    const problems = (values: Record<string, string>) => {
      try {
        env(values);
      } catch (error) {
        if (error instanceof EnvError) return error.problems;
      }
      return [];
    };
    expect(problems({ SMTP_URL: "http://mail.example.org" })).toEqual([
      'SMTP_URL is "http://mail.example.org": must be an smtp:// or smtps:// URL, like smtps://user:password@smtp.example.org:465',
    ]);
    expect(problems({ MAIL_RATE_PER_MINUTE: "lots" })).toEqual([
      'MAIL_RATE_PER_MINUTE is "lots": must be a whole number of messages per minute',
    ]);
    expect(problems({ MAIL_MAX_ATTEMPTS: "0" })).toEqual(['MAIL_MAX_ATTEMPTS is "0": must be at least 1']);
    expect(problems({ MAIL_FROM: "Exam Portal" })[0]).toMatch(/^MAIL_FROM is "Exam Portal": must be an e-mail address/);
  });
});
