// `node scripts/dashboard-messages.js` (in `npm run lint`): the dashboard's texts come from its
// message catalogue (app/features/admin-i18n/catalogue/). Fails when
//   - a key is in one language's catalogue and not the other's, is a text in one and a function
//     (a message with parameters) in the other, or is empty; the catalogues are read with the
//     modules they are composed of (catalogue/ru/*.ts, catalogue/en/*.ts: one namespace each), and
//     a module without its twin in the other language, or composed into no catalogue, fails too
//     (scripts/dashboard-catalogues.js);
//   - a dashboard component or admin route (app/components/admin/**/*.tsx, app/routes/admin*.tsx)
//     shows a text of its own: JSX text with a letter in it, or a string with a letter given to
//     aria-label, aria-description, title, placeholder or alt (as a literal, a template, or a
//     branch of `?:`, `??`, `||`, `&&`).
// A line may keep a text that is not the product's to translate (a format example, a brand name)
// when the line before it, or the line itself, says why: `// i18n-ignore: <reason>` (or
// `{/* i18n-ignore: <reason> */}` inside JSX).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { checkCatalogues, checkModules, readCatalogues } from "./dashboard-catalogues.js";

export { checkCatalogues, checkModules, readCatalogues };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const catalogueDir = "app/features/admin-i18n/catalogue";
const checkedAttributes = new Set(["aria-label", "aria-description", "title", "placeholder", "alt"]);
const hasLetter = /\p{L}/u;
const ignoreComment = /i18n-ignore:\s*\S/;

/**
 * Texts a dashboard file shows that are not from the catalogue: `file:line: text`.
 * @param {string} fileName
 * @param {string} source
 */
export function findLiterals(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split("\n");
  /** @type {string[]} */
  const found = [];
  /** @type {(node: ts.Node, text: string) => void} */
  const report = (node, text) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
    if (ignoreComment.test(lines[line] ?? "") || ignoreComment.test(lines[line - 1] ?? "")) return;
    found.push(`${fileName}:${line + 1}: ${JSON.stringify(text.trim().replace(/\s+/g, " "))}`);
  };
  // A string an expression evaluates to: a literal, a template's own text, or a branch of ?:, ??, ||, &&.
  /** @type {(expression: ts.Expression | undefined) => void} */
  const checkExpression = (expression) => {
    if (!expression) return;
    if (ts.isParenthesizedExpression(expression)) return checkExpression(expression.expression);
    if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
      if (hasLetter.test(expression.text)) report(expression, expression.text);
    } else if (ts.isTemplateExpression(expression)) {
      const text = [expression.head.text, ...expression.templateSpans.map((span) => span.literal.text)].join(" ");
      if (hasLetter.test(text)) report(expression, text);
    } else if (ts.isConditionalExpression(expression)) {
      checkExpression(expression.whenTrue);
      checkExpression(expression.whenFalse);
    } else if (ts.isBinaryExpression(expression)) {
      const operator = expression.operatorToken.kind;
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
        checkExpression(expression.left);
        checkExpression(expression.right);
      } else if (operator === ts.SyntaxKind.AmpersandAmpersandToken) checkExpression(expression.right);
    }
  };
  /** @type {(node: ts.Node) => void} */
  const visit = (node) => {
    if (ts.isJsxText(node)) {
      if (hasLetter.test(node.text)) report(node, node.text);
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      checkExpression(node.expression);
    } else if (ts.isJsxAttribute(node) && checkedAttributes.has(node.name.getText(file))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) {
        if (hasLetter.test(value.text)) report(value, value.text);
      } else if (value && ts.isJsxExpression(value)) checkExpression(value.expression);
    }
    node.forEachChild(visit);
  };
  visit(file);
  return found;
}

function dashboardFiles() {
  /** @type {string[]} */
  const files = [];
  /** @type {(dir: string) => void} */
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx")) files.push(relative);
    }
  };
  walk("app/components/admin");
  for (const entry of fs.readdirSync(path.join(root, "app/routes")))
    if (/^admin[.-].*\.tsx$|^admin\.tsx$/.test(entry)) files.push(`app/routes/${entry}`);
  return files.sort();
}

function main() {
  /** @param {string} file */
  const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
  /** @param {string} file */
  const readModule = (file) => (fs.existsSync(path.join(root, file)) ? read(file) : undefined);
  const languages = ["ru", "en"];
  const catalogues = Object.fromEntries(
    languages.map((language) => [language, { fileName: `${catalogueDir}/${language}.ts`, source: read(`${catalogueDir}/${language}.ts`) }]),
  );
  const { problems, modules } = readCatalogues(catalogues, readModule);
  /** @param {string} language */
  const folder = (language) => {
    const dir = path.join(root, catalogueDir, language);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => `${catalogueDir}/${language}/${name}`);
  };
  problems.push(...checkModules(Object.fromEntries(languages.map((language) => [language, folder(language)])), modules));
  for (const file of dashboardFiles())
    problems.push(...findLiterals(file, read(file)).map((literal) => `${literal} is not from the message catalogue (${catalogueDir}/)`));
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    console.error(`\n${problems.length} problem(s) with the dashboard's messages.`);
    process.exitCode = 1;
    return;
  }
  console.log("dashboard messages: catalogues agree; no text outside them.");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
