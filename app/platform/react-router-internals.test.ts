import * as ReactRouter from "react-router";
import { describe, expect, it } from "vitest";
import { frameworkInternalsEnabled, frameworkInternalsSupported, internalsAsExpected } from "./react-router-internals";

// The test an upgrade of React Router breaks when it takes away what the site's document renderer
// reads; the site then renders with React Router's public components (the byte-for-byte
// comparisons of both ways are in entry.server.test.ts and document-assets.test.ts).
describe("React Router's internals", () => {
  it("are there in this React Router, and the documents render with them", () => {
    expect(frameworkInternalsSupported).toBe(true);
    expect(frameworkInternalsEnabled()).toBe(true);
  });

  it("are found missing when one is gone or no longer what it was", () => {
    const exports = { ...ReactRouter } as Record<string, unknown>;
    expect(internalsAsExpected(exports)).toBe(true);
    for (const name of [
      "UNSAFE_FrameworkContext",
      "UNSAFE_DataRouterStateContext",
      "UNSAFE_shouldHydrateRouteLoader",
      "UNSAFE_RemixErrorBoundary",
    ]) {
      expect(internalsAsExpected({ ...exports, [name]: undefined })).toBe(false);
    }
    expect(internalsAsExpected({ ...exports, UNSAFE_DataRouterContext: () => null })).toBe(false);
  });
});
