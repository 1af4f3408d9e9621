import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The Express app is part of the server build so that it shares one instance of the
  // database, cache and auth modules with the route loaders.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  server: { watch: { ignored: ["**/data/**", "**/build*/**", "**/test-results/**"] } },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
