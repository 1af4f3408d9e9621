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

// Tarjan's strongly connected components: each component of more than one module is a cycle.
/** @type {string[][]} */
const cycles = [];
/** @type {Map<string, number>} */
const index = new Map();
/** @type {Map<string, number>} */
const low = new Map();
/** @type {string[]} */
const stack = [];
const onStack = new Set();
let counter = 0;

/** @param {string} file */
function visit(file) {
  index.set(file, counter);
  low.set(file, counter);
  counter += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(Number(low.get(file)), Number(low.get(target))));
    } else if (onStack.has(target)) {
      low.set(file, Math.min(Number(low.get(file)), Number(index.get(target))));
    }
  }
  if (low.get(file) !== index.get(file)) return;
  const component = [];
  let member;
  do {
    member = /** @type {string} */ (stack.pop());
    onStack.delete(member);
    component.push(path.relative(root, member));
  } while (member !== file);
  if (component.length > 1) cycles.push(component.sort());
}

for (const file of files) if (!index.has(file)) visit(file);

if (countOnly) {
  console.log(cycles.length);
} else if (cycles.length === 0) {
  console.log(`No import cycles among ${files.length} modules.`);
} else {
  console.error(`${cycles.length} group(s) of modules import each other in a circle:`);
  for (const cycle of cycles) console.error(`- ${cycle.join(", ")}`);
}
process.exitCode = cycles.length > 0 ? 1 : 0;
