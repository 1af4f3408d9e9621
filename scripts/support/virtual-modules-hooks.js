// Module hooks (registered by virtual-modules.js): `virtual:served-paths` for scripts run by Node.
import { loadServedPaths } from "./served-paths.js";

const URL_OF = "virtual-module:served-paths";

export async function resolve(specifier, context, next) {
  if (specifier === "virtual:served-paths") return { url: URL_OF, shortCircuit: true };
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (url !== URL_OF) return next(url, context);
  const paths = await loadServedPaths(process.cwd());
  return { format: "module", source: `export const servedPaths = ${JSON.stringify(paths)};`, shortCircuit: true };
}
