// `node scripts/code-size.js`: lists the source files over 300 lines and the functions over 80
// lines (TypeScript, TSX and JavaScript under app/, server/, scripts/ and tests/, as git knows
// them). A function may stay longer when the line just before it says why:
//
//   // long-function: <reason>
//
// The callback of a test suite (`describe(…)`, `describe.each(…)(…)`, `test.describe(…)`) groups
// the tests of one topic rather than doing anything itself; those are counted apart, as suites.
//
// Exits with 1 when a file is over its limit, so CI can gate on it; long functions without a
// reason are listed and counted, and `--strict` makes them fail the run as well.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const maxFileLines = 300;
const maxFunctionLines = 80;
const allowComment = /\/\/\s*long-function:\s*\S/;
const strict = process.argv.includes("--strict");

const files = execFileSync("git", ["ls-files", "--", "app", "server", "scripts", "tests"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file) && fs.existsSync(path.join(root, file)));

/** Lines as `wc -l` counts them: newline characters. */
function lineCount(text) {
  let count = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count += 1;
  return count;
}

/** A readable name for a function node: its own, or the variable, property or call it is given to. */
function functionName(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${JSON.stringify(first.text)}` : "";
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}(${label ? label.trim() : "…"}) callback`;
  }
  if (ts.isExportAssignment(parent)) return "default export";
  return "(anonymous)";
}

/** Whether the line just before the function (or its declaring statement) carries the allow comment. */
function allowed(node, source, lines) {
  let holder = node;
  // `const x = () => …` and `export default function` carry their comment above the statement.
  while (
    holder.parent &&
    !ts.isSourceFile(holder.parent) &&
    !ts.isBlock(holder.parent) &&
    !ts.isClassLike(holder.parent) &&
    !ts.isModuleBlock(holder.parent)
  ) {
    if (ts.isCallExpression(holder.parent) || ts.isObjectLiteralExpression(holder.parent) || ts.isArrayLiteralExpression(holder.parent))
      break;
    holder = holder.parent;
  }
  const startLine = source.getLineAndCharacterOfPosition(holder.getStart(source)).line;
  const before = lines[startLine - 1] ?? "";
  const own = lines[source.getLineAndCharacterOfPosition(node.getStart(source)).line - 1] ?? "";
  return allowComment.test(before) || allowComment.test(own);
}

/** Whether the function is the body of a test suite: `describe(…)`, `describe.each(…)(…)`, `test.describe(…)`. */
function isSuiteCallback(node, source) {
  const call = node.parent;
  if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node)) return false;
  const callee = call.expression.getText(source);
  return /^(describe|test\.describe|suite)\b/.test(callee) && !/\.(skip|todo)\b/.test(callee);
}

const longFiles = [];
const longFunctions = [];
const longSuites = [];
for (const file of files) {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const lines = text.split("\n");
  const count = lineCount(text);
  if (count > maxFileLines) longFiles.push({ file, count });

  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : file.endsWith(".ts") ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start + 1;
      if (length > maxFunctionLines && isSuiteCallback(node, source)) {
        longSuites.push({ file, line: start + 1, name: functionName(node, source), length });
      } else if (length > maxFunctionLines) {
        longFunctions.push({ file, line: start + 1, name: functionName(node, source), length, reasoned: allowed(node, source, lines) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

longFiles.sort((a, b) => b.count - a.count);
longFunctions.sort((a, b) => b.length - a.length);
longSuites.sort((a, b) => b.length - a.length);
const unreasoned = longFunctions.filter((entry) => !entry.reasoned);

console.log(`Files over ${maxFileLines} lines: ${longFiles.length} (of ${files.length})`);
for (const { file, count } of longFiles) console.log(`  ${String(count).padStart(5)}  ${file}`);
console.log(`Functions over ${maxFunctionLines} lines: ${longFunctions.length} (${unreasoned.length} without a "long-function:" reason)`);
for (const entry of longFunctions) {
  console.log(
    `  ${String(entry.length).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}${entry.reasoned ? "  (reason given)" : ""}`,
  );
}

console.log(`Test suites (describe blocks) over ${maxFunctionLines} lines, not counted as functions: ${longSuites.length}`);
for (const entry of longSuites) console.log(`  ${String(entry.length).padStart(5)}  ${entry.file}:${entry.line}  ${entry.name}`);

if (longFiles.length > 0 || (strict && unreasoned.length > 0)) process.exit(1);
