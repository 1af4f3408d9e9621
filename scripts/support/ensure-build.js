// Builds the site when there is no build or the sources are newer than it (`npm start`, `npm run backup`, `npm run restore`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const buildDirectory = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const builtServer = path.join(buildDirectory, "server/index.js");
const sources = ["app", "server", "public", "vite.config.ts", "react-router.config.ts", "package.json"];

function newestModification(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestModification(path.join(target, entry)));
  }
  return newest;
}

function needsBuild() {
  if (!fs.existsSync(builtServer)) return true;
  const built = fs.statSync(builtServer).mtimeMs;
  return sources.some((source) => newestModification(path.join(root, source)) > built);
}

export function ensureBuild() {
  if (!needsBuild()) return;
  console.log("Building the site (first start or changed sources)...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: ["inherit", process.stderr, "inherit"] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
