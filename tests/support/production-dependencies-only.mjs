// `node --import ./tests/support/production-dependencies-only.mjs <script>`: the script fails at
// once if it, or anything it loads, reaches a development dependency (tsx, vite, typescript...),
// as it would on a production install (`npm ci --omit=dev`), where those are not installed.
import fs from "node:fs";
import Module, { register } from "node:module";
import { developmentPackage, refusal } from "./production-dependencies-hooks.mjs";

const { devDependencies } = JSON.parse(fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
const names = Object.keys(devDependencies);

// ES modules: a resolve hook, on the loader's own thread.
register(new URL("./production-dependencies-hooks.mjs", import.meta.url), {
  data: names,
});

// CommonJS: require() resolves through Module._resolveFilename.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const resolved = resolveFilename.call(this, request, parent, ...rest);
  const name = developmentPackage(names, resolved);
  if (name) throw refusal(name, parent?.filename);
  return resolved;
};
