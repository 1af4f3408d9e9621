import { STATUS_CODES } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { logger } from "./logger.server";
import { formMessages, readForm } from "./read-form.server";

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/admin/settings", { method: "POST", body, headers, duplex: "half" } as RequestInit);

/** What readForm threw: React Router's data() answer. */
async function refusal(request: Request, limit?: number) {
  try {
    await readForm(request, { limit });
  } catch (error) {
    const answer = error as { data: { message: string }; init: { status: number; statusText?: string } };
    // The refusal's own status text: React Router would otherwise say 'Internal Server Error'.
    expect(answer.init.statusText).toBe(STATUS_CODES[answer.init.status]);
    return { status: answer.init.status, message: answer.data.message };
  }
  throw new Error("the body was accepted");
}

describe("readForm", () => {
  it("reads a URL-encoded and a multipart form as strings", async () => {
    expect(await readForm(post(new URLSearchParams({ intent: "update-setting", value: "Привет" })))).toEqual({
      intent: "update-setting",
      value: "Привет",
    });
    const multipart = new FormData();
    multipart.set("intent", "save");
    expect(await readForm(post(multipart))).toEqual({ intent: "save" });
  });

  it("reads a post with no body at all as an empty form", async () => {
    expect(await readForm(new Request("http://localhost/admin", { method: "POST" }))).toEqual({});
  });

  it("refuses what is not a form of text fields, each with its reason", async () => {
    const file = new FormData();
    file.set("picture", new Blob(["x"], { type: "image/png" }), "x.png");
    expect(await refusal(post("{}", { "content-type": "application/json" }))).toEqual({ status: 415, message: formMessages.notAForm });
    expect(await refusal(post(file))).toEqual({ status: 400, message: formMessages.fileNotExpected });
    expect(await refusal(post("a=1&a=2", { "content-type": "application/x-www-form-urlencoded" }))).toEqual({
      status: 400,
      message: formMessages.duplicateField,
    });
    expect(await refusal(post("--x\r\n", { "content-type": "multipart/form-data; boundary=y" }))).toEqual({
      status: 400,
      message: formMessages.unreadable,
    });
  });

  it("stops reading at the limit, whether the length is declared or streamed", async () => {
    const big = "a=" + "x".repeat(2000);
    expect(await refusal(post(big, { "content-type": "application/x-www-form-urlencoded" }), 1000)).toEqual({
      status: 413,
      message: formMessages.tooLarge,
    });
    const stream = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("x".repeat(500)));
      },
    });
    expect(await refusal(post(stream, { "content-type": "application/x-www-form-urlencoded" }), 1000)).toEqual({
      status: 413,
      message: formMessages.tooLarge,
    });
  });

  it("logs a refusal with the route and the reason, never the body", async () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined as never);
    await refusal(post('{"password":"secret-value"}', { "content-type": "application/json" }));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(warn.mock.calls[0])).not.toContain("secret-value");
    expect(warn.mock.calls[0]![0]).toMatchObject({ path: "/admin/settings", reason: "content type application/json" });
    warn.mockRestore();
  });
});
