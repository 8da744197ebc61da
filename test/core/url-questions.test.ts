/** prepareUrlQuestion: a page to open instead of fields (MCP's URL mode), its check and the fingerprint that binds a replayed reply. */
import { ToolDefinitionError } from "@agntn/tools";
import { describe, expect, it } from "vitest";
import { prepareQuestion, prepareUrlQuestion } from "../../src/core/questions.ts";

const question = prepareUrlQuestion("verify", {
  message: "Open the page\n\u001b[31mnow\u001b[0m \u202E",
  url: "https://example.com/verify?step=1",
});

describe("a URL question", () => {
  it("is a form with no fields, the URL beside the cleaned message", () => {
    expect(question.form).toEqual({
      message: "Open the page\nnow",
      requestedSchema: { type: "object", properties: {} },
      url: "https://example.com/verify?step=1",
    });
    expect(question.fields).toEqual([]);
    expect(question.checkField("anything", "x")).toBe("is not a field of this question");
  });

  it("takes an action and no content: the page is where the person answers", () => {
    expect(question.check({ action: "accept" })).toEqual({ action: "accept", content: {} });
    expect(question.check({ action: "accept", content: { password: "hunter2" } })).toEqual({ action: "accept", content: {} });
    expect(question.check({ action: "decline" })).toEqual({ action: "decline" });
    expect(question.check({ action: "cancel" })).toEqual({ action: "cancel" });
    expect(question.check({ action: "maybe" })).toBeUndefined();
    expect(question.check("accept")).toBeUndefined();
  });

  it("has a fingerprint of its own message and URL, apart from any form's", () => {
    const again = prepareUrlQuestion("verify", { message: "Open the page\nnow", url: "https://example.com/verify?step=1" });
    const elsewhere = prepareUrlQuestion("verify", { message: "Open the page\nnow", url: "https://example.com/verify?step=2" });
    const form = prepareQuestion("verify", { message: "Open the page\nnow", schema: { type: "object", properties: {} } as never });
    expect(again.fingerprint).toBe(question.fingerprint);
    expect(elsewhere.fingerprint).not.toBe(question.fingerprint);
    expect(form.fingerprint).not.toBe(question.fingerprint);
  });
});

describe("refusals", () => {
  it.each([
    { given: "not a question", line: "verify: a URL question must be { message, url }" },
    { given: { message: " ", url: "https://example.com" }, line: "verify: a URL question needs a non-empty message" },
    {
      given: { message: "Open", url: "/verify" },
      line: "verify: a URL question needs an absolute URL without spaces or control characters",
    },
    {
      given: { message: "Open", url: "https://example.com/a b" },
      line: "verify: a URL question needs an absolute URL without spaces or control characters",
    },
    {
      given: { message: "Open", url: "https://example.com/\u0085" },
      line: "verify: a URL question needs an absolute URL without spaces or control characters",
    },
    { given: { message: "Open", url: 42 }, line: "verify: a URL question needs an absolute URL without spaces or control characters" },
    { given: { message: "Open", url: "javascript:alert(1)" }, line: 'verify: a URL question needs an http or https URL, not "javascript"' },
    { given: { message: "Open", url: "file:///etc/passwd" }, line: 'verify: a URL question needs an http or https URL, not "file"' },
  ])("refuses $given in one line", ({ given, line }) => {
    let thrown: unknown;
    try {
      prepareUrlQuestion("verify", given as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ToolDefinitionError);
    expect((thrown as Error).message).toBe(line);
  });
});
