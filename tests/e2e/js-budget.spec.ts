import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { expect, test } from "@playwright/test";

// Reads the client build's route manifest: what each public page makes the browser download.
const clientDirectory = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const BUDGET_BYTES = 120 * 1024;

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry & { parentId?: string }>;
}

function readManifest(): Manifest {
  const assets = path.join(clientDirectory, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, "")) as Manifest;
}

function chunksOf(manifest: Manifest, routeId: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id]!;
    files.add(route.module);
    for (const chunk of route.imports ?? []) files.add(chunk);
  }
  return [...files];
}

const read = (url: string) => fs.readFileSync(path.join(clientDirectory, url));

test.describe("[PERFORMANCE][JS BUDGET]", () => {
  const manifest = readManifest();
  const publicRoutes = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/_public"));

  test("the manifest lists the public routes", () => {
    expect(publicRoutes.length).toBeGreaterThanOrEqual(12);
  });

  for (const routeId of publicRoutes) {
    test(`${routeId} ships at most 120 KB of gzipped JavaScript and no admin code`, () => {
      const chunks = chunksOf(manifest, routeId);
      const gzipped = chunks.reduce((sum, url) => sum + zlib.gzipSync(read(url), { level: 9 }).length, 0);
      expect(gzipped, `${routeId}: ${chunks.join(", ")}`).toBeLessThanOrEqual(BUDGET_BYTES);
      for (const url of chunks) {
        const source = read(url).toString("utf8");
        expect(url).not.toMatch(/admin|quill/i);
        expect(source, `${url} contains Quill`).not.toMatch(/ql-editor|quill/i);
        expect(source, `${url} contains the dashboard`).not.toContain("Admin Dashboard");
        expect(source, `${url} contains the auth client`).not.toMatch(/better-auth|\/api\/auth\//);
      }
    });
  }
});
