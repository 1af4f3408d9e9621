import { describe, expect, it } from "vitest";
import { bannerHtml } from "./banner.server";
import { bannerMessages, EXIT_PREVIEW_PATH } from "./banner";

describe("the preview banner's HTML", () => {
  it("names the release, escaped, and the way out", () => {
    const html = bannerHtml(`Spring <img src=x onerror="alert(1)"> & 'fees'`, "admin");
    expect(html).toContain(`Spring &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;fees&#39;`);
    expect(html).not.toContain("<img");
    expect(html).toContain(`href="${EXIT_PREVIEW_PATH}"`);
    expect(html).toContain(bannerMessages.exit);
    expect(html).not.toContain(bannerMessages.readOnly);
  });

  it("says a reviewer's preview is read-only, and a preview of typed values has no release", () => {
    const html = bannerHtml(null, "reviewer");
    expect(html).toContain(bannerMessages.livePreview);
    expect(html).toContain(bannerMessages.readOnly);
  });
});
