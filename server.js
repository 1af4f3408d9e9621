// Entry point: `npm start` (production build) or `npm run dev` (Vite in middleware mode).
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import { settleTickObjectShapes } from "./server/boot/tick-shapes.js";

// Before anything else runs: see server/boot/tick-shapes.js.
settleTickObjectShapes();

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
  const { runServer } = await devServer.ssrLoadModule("./server/boot/app.ts");
  await runServer({
    build: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
    devMiddleware: devServer.middlewares,
  }).catch(fail);
} else {
  process.env.NODE_ENV ??= "production";
  // V8 lets its heap grow to several times what is live before collecting: rendering every page
  // (PAGE_CACHE=off) under load, the heap reached 270 MB for some 70 MB of live objects and the
  // process 480 MB. Letting it grow by half before the next collection kept the process near
  // 330 MB for about 8% fewer pages a second. A --heap-growing-percent given to node wins.
  const nodeFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ""].join(" ");
  if (!nodeFlags.includes("--heap-growing-percent")) v8.setFlagsFromString("--heap-growing-percent=50");
  // The embedded database is PostgreSQL compiled to WebAssembly. V8 compiles it quickly (Liftoff)
  // and then recompiles its busiest functions with its optimising compiler, whose work for
  // PostgreSQL's large functions took some 70 MB at the peak, kept by the allocator afterwards
  // (bench/memory.md). The site reads its content from memory, so the database answers few
  // queries and the quick code serves them as fast. JavaScript is not concerned.
  if (!nodeFlags.includes("liftoff")) v8.setFlagsFromString("--liftoff-only");
  const { runProductionServer } = await import(path.join(buildDirectory, "server/index.js"));
  await runProductionServer(path.join(buildDirectory, "client")).catch(fail);
}
