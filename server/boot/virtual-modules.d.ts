declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}

declare module "virtual:served-paths" {
  /** Every address the server answers itself (scripts/support/served-paths.js). */
  export const servedPaths: { exact: string[]; sections: string[] };
}
