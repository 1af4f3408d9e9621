// Vite plugin: `import { servedPaths } from "virtual:served-paths"` gives every address the
// server answers itself, read at build time from where they are declared: the route table
// (app/routes.ts), the paths Express mounts (server/http/express-paths.ts) and the files in
// public/. Landing pages and redirects may not take them (app/features/pages/slug.ts).
import fs from "node:fs";
import path from "node:path";
import { runnerImport } from "vite";

const ID = "virtual:served-paths";
const RESOLVED = "\0" + ID;

/** @typedef {{ path?: string; index?: boolean; children?: RouteEntry[] }} RouteEntry */

/** A route's address up to its first dynamic or splat segment, and whether it had one. */
function staticPart(pattern) {
  const segments = pattern.split("/").filter(Boolean);
  const dynamic = segments.findIndex((segment) => segment.startsWith(":") || segment.includes("*"));
  const kept = dynamic === -1 ? segments : segments.slice(0, dynamic);
  return { path: "/" + kept.join("/"), dynamic: dynamic !== -1, depth: segments.length };
}

/**
 * `exact`: addresses answered as they are (a fixed page). `sections`: addresses answered with
 * everything below them (a route with children or parameters, the first segment of a route two
 * or more segments deep, an Express mount, a folder or file of public/).
 */
export function collectServedPaths(routes, mounts, publicEntries) {
  const exact = new Set();
  const sections = new Set();
  const walk = (entries, parent) => {
    for (const entry of entries) {
      const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent || "/";
      if (entry.path || entry.index) {
        const part = staticPart(full);
        // The catch-all route answers every address no other takes: that is where pages live.
        if (part.path !== "/" || !part.dynamic) {
          if (part.dynamic || entry.children?.length) sections.add(part.path);
          else exact.add(part.path);
          if (part.depth > 1) sections.add("/" + full.split("/").filter(Boolean)[0]);
        }
      }
      if (entry.children) walk(entry.children, entry.path ? full : parent);
    }
  };
  walk(routes, "");
  for (const mount of mounts) sections.add(mount);
  for (const entry of publicEntries) sections.add(`/${entry}`);
  const below = (address) => [...sections].some((section) => section !== address && address.startsWith(`${section}/`));
  return {
    exact: [...exact].filter((address) => !sections.has(address) && !below(address)).sort(),
    sections: [...sections].filter((address) => !below(address)).sort(),
  };
}

export async function loadServedPaths(root) {
  /** @type {import("vite").InlineConfig} */
  const options = { configFile: false, root, logLevel: "silent", resolve: { tsconfigPaths: true } };
  /** @type {[{ module: { default: RouteEntry[] } }, { module: { expressPaths: Record<string, string>; frameworkPaths: string[] } }]} */
  const [{ module: table }, { module: express }] = await Promise.all([
    runnerImport(path.join(root, "app/routes.ts"), options),
    runnerImport(path.join(root, "server/http/express-paths.ts"), options),
  ]);
  const mounts = [...Object.values(express.expressPaths), ...express.frameworkPaths];
  return collectServedPaths(table.default, mounts, fs.readdirSync(path.join(root, "public")));
}

export function servedPaths() {
  let root = process.cwd();
  return {
    name: "served-paths",
    configResolved(config) {
      root = config.root;
    },
    resolveId: {
      filter: { id: /^virtual:served-paths$/ },
      handler: (source) => (source === ID ? RESOLVED : null),
    },
    load: {
      filter: { id: /^\0virtual:served-paths$/ },
      async handler(id) {
        if (id !== RESOLVED) return null;
        for (const file of ["app/routes.ts", "server/http/express-paths.ts", "app/features/seo/public-pages.js"])
          this.addWatchFile(path.join(root, file));
        return `export const servedPaths = ${JSON.stringify(await loadServedPaths(root))};`;
      },
    },
  };
}
