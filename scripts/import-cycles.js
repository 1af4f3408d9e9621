// Import cycles among the modules of app/ and server/, type-only imports included: ESLint's
// import-x/no-cycle sees only imports that run, so this check (part of `npm run lint`) also
// catches modules that need each other's types. Prints every group of modules that import each
// other in a circle and exits 1 when there is one; `--count` prints only the number of groups.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const folders = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const countOnly = process.argv.includes("--count");

const configFile = ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

/** @param {string} folder @returns {string[]} */
function sourceFiles(folder) {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const files = (folders.length > 0 ? folders : ["app", "server"]).flatMap((folder) => sourceFiles(path.join(root, folder)));
const known = new Set(files);

/** Every module a file imports or re-exports, `import type` included. @type {Map<string, string[]>} */
const graph = new Map();
for (const file of files) {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const targets = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
    if (resolved && known.has(resolved) && resolved !== file) targets.add(resolved);
  }
  graph.set(file, [...targets]);
}

/**
 * Tarjan's strongly connected components: each component of more than one node is a cycle.
 * @param {Map<string, string[]>} edges @param {(node: string) => string} name @returns {string[][]}
 */
function circles(edges, name) {
  /** @type {string[][]} */
  const found = [];
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const low = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  /** @param {string} node */
  function visit(node) {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(Number(low.get(node)), Number(low.get(target))));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(Number(low.get(node)), Number(index.get(target))));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      component.push(name(member));
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  }
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

const cycles = circles(graph, (file) => path.relative(root, file));

// The same at folder level: features (app/features/<feature>) that need each other, through
// any of their files, are one knot even when no two files import each other in a circle.
const featuresRoot = path.join(root, "app", "features") + path.sep;
/** @param {string} file */
const featureOf = (file) => (file.startsWith(featuresRoot) ? file.slice(featuresRoot.length).split(path.sep)[0] : undefined);
/** @type {Map<string, string[]>} */
const featureGraph = new Map();
for (const [file, targets] of graph) {
  const from = featureOf(file);
  // Tests may import anything: a feature's tests do not make it depend on another feature.
  if (!from || /\.test\.tsx?$/.test(file)) continue;
  const next = new Set(featureGraph.get(from) ?? []);
  for (const target of targets) {
    const to = featureOf(target);
    if (to && to !== from) next.add(to);
  }
  featureGraph.set(from, [...next]);
}
const knots = circles(featureGraph, (feature) => `app/features/${feature}`);

if (countOnly) {
  console.log(cycles.length + knots.length);
} else {
  if (cycles.length === 0) console.log(`No import cycles among ${files.length} modules.`);
  else {
    console.error(`${cycles.length} group(s) of modules import each other in a circle:`);
    for (const cycle of cycles) console.error(`- ${cycle.join(", ")}`);
  }
  if (knots.length === 0) console.log(`No cycles among ${featureGraph.size} feature folders.`);
  else {
    console.error(`${knots.length} group(s) of feature folders import each other in a circle:`);
    for (const knot of knots) console.error(`- ${knot.join(", ")}`);
  }
}
process.exitCode = cycles.length + knots.length > 0 ? 1 : 0;
