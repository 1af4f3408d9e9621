import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageRoutesOnly } from "./page-renderer";
import { testRouteTable } from "../../tests/support/route-table";

const build = {
  routes: testRouteTable,
  assets: {
    url: "/assets/manifest.js",
    version: "test",
    routes: Object.fromEntries(Object.entries(testRouteTable).map(([id, route]) => [id, { id, parentId: route!.parentId }])),
  },
  future: {},
} as unknown as ServerBuild;

describe("the page renderer's route table", () => {
  const pruned = pageRoutesOnly(build);

  it("keeps the routes the page cache renders and their parents, nothing else", () => {
    const kept = [
      "root",
      "routes/_public",
      "routes/_public._index",
      "routes/_public.fees",
      "routes/_public.faq",
      "routes/_public.search",
      "routes/_public.$",
    ];
    expect(Object.keys(pruned.routes).sort()).toEqual(kept.sort());
    expect(Object.keys(pruned.assets.routes).sort()).toEqual(kept.sort());
    expect(pruned.routes["routes/_public.fees"]).toBe(build.routes["routes/_public.fees"]);
  });

  it("leaves the build itself and the rest of its manifest as they were", () => {
    expect(Object.keys(build.routes)).toContain("routes/admin.settings");
    expect(Object.keys(build.assets.routes)).toContain("routes/api.auth.$");
    expect(pruned.assets.url).toBe(build.assets.url);
    expect(pruned.future).toBe(build.future);
  });
});
