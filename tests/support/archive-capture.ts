// A stand-in for the page cache's renderer in the archive's integration tests (the production
// renderer is tested against a built server in tests/after-build/archive-served-bytes.test.ts):
// the home page shows its stored hero title, read as a visitor's render reads it (the content
// version's copy); the other pages never change; redirects answer as the cache answers them.
import { getPageContent } from "~/features/content/read.server";
import { lookupRequestedAddress } from "~/features/pages/public-page.server";
import type { ArchiveCapture } from "~/features/archive/capture.server";

export const testCapture: ArchiveCapture = {
  async render(path) {
    const answer = lookupRequestedAddress(path, "");
    if (answer?.kind === "redirect") return { status: answer.status, body: Buffer.alloc(0), location: answer.location };
    if (path === "/404") return { status: 404, body: Buffer.from("<h1>Not found</h1>") };
    if (path === "/") {
      const home = await getPageContent("home");
      return { status: 200, body: Buffer.from(`<h1>${String(home.hero_title ?? "")}</h1>`) };
    }
    return { status: 200, body: Buffer.from(`<p>${path}</p>`) };
  },
};
