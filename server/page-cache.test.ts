import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashedPolicy, inlineScriptHashes } from "./page-cache";

const sha = (source: string) => `'sha256-${createHash("sha256").update(source).digest("base64")}'`;

describe("cached page CSP", () => {
  const html =
    '<html><head><script nonce="">window.a=1;</script><script type="module" src="/assets/x.js"></script></head>' +
    '<body><script>console.log("b")</script><script nonce="">window.a=1;</script></body></html>';

  it("hashes each distinct inline script and skips external ones", () => {
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1;"), sha('console.log("b")')]);
  });

  it("replaces the nonce source of the policy with the page's hashes", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-RECORDED';object-src 'none'";
    expect(hashedPolicy(policy, html)).toBe(
      `default-src 'self';script-src 'self' ${sha("window.a=1;")} ${sha('console.log("b")')};object-src 'none'`,
    );
  });
});
