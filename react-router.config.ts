import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Loaders and actions get the visitor's request itself, and React Router's normalised
    // address as `url`: copying the request twice for each of a page's loaders was an eighth
    // of an uncached render.
    v8_passThroughRequests: true,
  },
  // NOTE: BUILD_DIR lets parallel test runs build side by side; production uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
