import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // NOTE: BUILD_DIR lets parallel test runs build side by side; production uses ./build.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
