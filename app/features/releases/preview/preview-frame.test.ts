import { describe, expect, it } from "vitest";
import { draftRequest } from "../../../../public/preview-frame.js";
import { DRAFT_HEADER } from "./preview";

const ORIGIN = "https://site.example";
const values = { "global/company_name": "Typed Ltd" };

describe("the live preview frame's data requests", () => {
  it("sends a page's data request with the typed values, as a post the server answers as the GET", () => {
    const signal = new AbortController().signal;
    const [url, init] = draftRequest(new URL(`${ORIGIN}/faq.data?_routes=root`), { signal }, values, ORIGIN)!;
    expect(url.href).toBe(`${ORIGIN}/faq.data?_routes=root`);
    expect(init).toMatchObject({ method: "POST", signal, body: JSON.stringify({ values }) });
    expect(init.headers).toEqual({ "content-type": "application/json", [DRAFT_HEADER]: "draft" });
    expect(draftRequest("/_root.data", undefined, values, ORIGIN)?.[0].pathname).toBe("/_root.data");
  });

  it("leaves every other request alone: actions, other files, other sites, Request objects", () => {
    expect(draftRequest(`${ORIGIN}/contact.data`, { method: "POST", body: "x" }, values, ORIGIN)).toBeUndefined();
    expect(draftRequest(`${ORIGIN}/__manifest?paths=%2Ffaq`, undefined, values, ORIGIN)).toBeUndefined();
    expect(draftRequest("/visit.js", undefined, values, ORIGIN)).toBeUndefined();
    expect(draftRequest("https://evil.example/faq.data", undefined, values, ORIGIN)).toBeUndefined();
    expect(draftRequest(new Request(`${ORIGIN}/faq.data`), undefined, values, ORIGIN)).toBeUndefined();
  });
});
