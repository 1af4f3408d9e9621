// Entry point: `npm start` (production build) or `npm run dev` (Vite in middleware mode).
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));
process.chdir(root);
const buildDirectory = path.resolve(root, process.env.BUILD_DIR ?? "build");

function fail(error) {
  // A configuration or start-up problem is one readable line, not a stack trace.
  const message = error instanceof Error ? error.message : String(error);
  console.error(`Could not start: ${message}`);
  process.exit(1);
}

if (process.env.NODE_ENV === "development") {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const { runServer } = await devServer.ssrLoadModule("./server/app.ts");
  await runServer({
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    devMiddleware: devServer.middlewares,
  }).catch(fail);
} else {
  process.env.NODE_ENV ??= "production";
  const { runProductionServer } = await import(path.join(buildDirectory, "server/index.js"));
  await runProductionServer(path.join(buildDirectory, "client")).catch(fail);
}
