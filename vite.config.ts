import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { headScripts } from "./scripts/support/head-scripts.js";
import { servedPaths } from "./scripts/support/served-paths.js";

// The browser's JavaScript in a few chunks instead of one per small shared module: over HTTP/1.1
// a page asked for 18 files, and the stylesheet waited for connections behind them. Only
// modules every public page needs are grouped, so the admin's libraries stay in their own chunks.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
      priority: 2,
    },
    {
      name: "site",
      test: /[\\/]app[\\/]components[\\/]site[\\/](classes|section|cta-link|site-link|link-target|use-[\w-]+|page-content|cookie-consent|mobile-menu-script|glyph)\./,
      priority: 1,
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // The Express app is part of the server build so that it shares one instance of the
  // database, cache and auth modules with the route loaders.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/boot/app.ts" } }
    : { rolldownOptions: { output: { codeSplitting: clientChunks } } },
  // The server bundles the icons it renders: imported from node_modules at run time, the whole
  // icon library (some 1,600 components) was 7 MB of every server's heap for the few dozen used.
  ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
  server: { watch: { ignored: ["**/data/**", "**/build*/**", "**/test-results/**"] } },
  resolve: { tsconfigPaths: true },
  plugins: [headScripts(), servedPaths(), tailwindcss(), reactRouter()],
}));
