import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { NOT_FOUND_FILE, PUBLIC_LAYOUT_FILE, benchPagePaths, publicPagePaths, publicPages, sitemapPagePaths } from "./public-pages.js";
import { SITEMAP_PATHS } from "./sitemap.server";
import { documentRoutePaths } from "~/features/effective-dates/addresses";

const appDirectory = path.resolve(import.meta.dirname, "../..");

describe("the public page list", () => {
  it("names each page once, by an absolute path, with a route module that exists and is cached", () => {
    expect(new Set(publicPagePaths).size).toBe(publicPages.length);
    for (const page of publicPages) {
      expect(page.path).toMatch(/^\/[a-z-]*$/);
      const source = fs.readFileSync(path.join(appDirectory, page.file), "utf8");
      expect(source, page.file).toMatch(/export const handle = cachedPublicPage/);
    }
  });

  it("is what the route table serves under the public layout, before the not-found page", () => {
    const layout = routes.find((route) => route.file === PUBLIC_LAYOUT_FILE)!;
    const children = layout.children ?? [];
    // Between them, the legal pages' and the fees' coming versions (`/terms/upcoming`).
    const coming = children.filter((route) => route.path?.endsWith("/upcoming"));
    expect(coming.map((route) => route.path)).toEqual(documentRoutePaths.map((entry) => entry.upcoming));
    const pages = children.filter((route) => !coming.includes(route));
    expect(pages.map((route) => (route.index ? "/" : `/${route.path}`))).toEqual([...publicPagePaths, "/*"]);
    expect(pages.map((route) => route.file)).toEqual([...publicPages.map((page) => page.file), NOT_FOUND_FILE]);
    expect(children.at(-1)?.path).toBe("*");
  });

  it("gives the sitemap every page but sign-in and sign-up, and the benchmarks a few of them", () => {
    expect(SITEMAP_PATHS).toEqual(sitemapPagePaths);
    expect(sitemapPagePaths).not.toContain("/login");
    expect(sitemapPagePaths).not.toContain("/signup");
    expect(sitemapPagePaths).toHaveLength(publicPages.length - 2);
    for (const pathname of benchPagePaths) expect(sitemapPagePaths).toContain(pathname);
  });
});
