// The catalogue half of `node scripts/dashboard-messages.js`: reads each language's catalogue
// (app/features/admin-i18n/catalogue/ru.ts, en.ts) as the keys it holds, following the modules it
// is composed of (`import { activity } from "./ru/activity"` and `activity,` in the object), and
// compares the languages: a key missing in one, a text in one and a function in the other, an
// empty text. Every module under catalogue/<language>/ must have its twin in every other
// language's folder and be composed into its language's catalogue.
import path from "node:path";
import ts from "typescript";

/**
 * @typedef {{ fileName: string, source: string }} ModuleText
 * @typedef {(fileName: string) => string | undefined} ReadModule a module's source, or undefined when there is none
 */

/** The object literal an expression is, through `satisfies`, `as` and parentheses. */
function objectLiteralOf(/** @type {ts.Expression} */ init) {
  while (ts.isSatisfiesExpression(init) || ts.isAsExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
  return ts.isObjectLiteralExpression(init) ? init : undefined;
}

/**
 * The object literal a file declares: the variable named `name` when given, else the first one.
 * @param {ts.SourceFile} file
 * @param {string} [name]
 */
function declaredObject(file, name) {
  /** @type {ts.ObjectLiteralExpression | undefined} */
  let literal;
  file.forEachChild(
    /** @param {ts.Node} node */ function find(node) {
      if (literal) return;
      if (ts.isVariableDeclaration(node) && node.initializer && (!name || node.name.getText(file) === name)) {
        literal = objectLiteralOf(node.initializer);
      }
      node.forEachChild(find);
    },
  );
  return literal;
}

/**
 * The module a name is imported from in a file, as a path relative to the repository (with `.ts`).
 * @param {ts.SourceFile} file
 * @param {string} fileName
 * @param {string} name
 */
function importedFrom(file, fileName, name) {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    const element = bindings.elements.find((candidate) => candidate.name.text === name);
    if (!element) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith(".")) return undefined;
    const resolved = path.posix.join(path.posix.dirname(fileName), specifier);
    return { fileName: resolved.endsWith(".ts") ? resolved : `${resolved}.ts`, exported: (element.propertyName ?? element.name).text };
  }
  return undefined;
}

/**
 * Every key of a catalogue, as `path → kind`, following the modules it is composed of.
 * @param {ModuleText} entry
 * @param {ReadModule} read
 */
export function catalogueKeys({ fileName, source }, read = () => undefined) {
  /** @type {Map<string, string>} */
  const keys = new Map();
  /** @type {string[]} */
  const problems = [];
  /** @type {Set<string>} */
  const modules = new Set([fileName]);
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const literal = declaredObject(file);
  if (!literal) return { keys, problems: [`${fileName}: no catalogue object found`], modules };
  /** @type {(object: ts.ObjectLiteralExpression, prefix: string, file: ts.SourceFile, fileName: string) => void} */
  const walk = (object, prefix, file, fileName) => {
    for (const property of object.properties) {
      const isShorthand = ts.isShorthandPropertyAssignment(property);
      if (!ts.isPropertyAssignment(property) && !isShorthand) {
        problems.push(`${fileName}: ${prefix}${property.name?.getText(file) ?? "?"} is not a plain property`);
        continue;
      }
      const name = prefix + property.name.getText(file).replace(/^["']|["']$/g, "");
      const value = isShorthand ? property.name : property.initializer;
      if (ts.isIdentifier(value)) {
        // A namespace kept in a module of its own: `activity,` with `import { activity } from "./ru/activity"`.
        const target = importedFrom(file, fileName, value.text);
        const moduleSource = target ? read(target.fileName) : undefined;
        if (!target || moduleSource === undefined) {
          problems.push(`${fileName}: ${name} is ${value.text}, which is not imported from a catalogue module`);
          continue;
        }
        modules.add(target.fileName);
        const moduleFile = ts.createSourceFile(target.fileName, moduleSource, ts.ScriptTarget.Latest, true);
        const moduleObject = declaredObject(moduleFile, target.exported);
        if (!moduleObject) problems.push(`${target.fileName}: no object named ${target.exported}`);
        else walk(moduleObject, `${name}.`, moduleFile, target.fileName);
        continue;
      }
      const object = objectLiteralOf(value);
      if (object) walk(object, `${name}.`, file, fileName);
      else if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) keys.set(name, "function");
      else {
        keys.set(name, "text");
        if ((ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && value.text.trim() === "")
          problems.push(`${fileName}: ${name} is empty`);
      }
    }
  };
  walk(literal, "", file, fileName);
  return { keys, problems, modules };
}

/**
 * Missing keys, kind mismatches and empty texts between the catalogues, and the modules read.
 * @param {Record<string, string | ModuleText>} catalogues each language's name and source (or file name and source)
 * @param {ReadModule} [read] the source of a module a catalogue is composed of
 */
export function readCatalogues(catalogues, read) {
  const read_ = Object.entries(catalogues).map(([name, entry]) => {
    const text = typeof entry === "string" ? { fileName: name, source: entry } : entry;
    return { name, ...catalogueKeys(text, read) };
  });
  const problems = read_.flatMap((entry) => entry.problems);
  for (const entry of read_) {
    for (const other of read_) {
      if (other === entry) continue;
      for (const [key, kind] of entry.keys) {
        if (!other.keys.has(key)) problems.push(`${other.name}: missing key ${key} (present in ${entry.name})`);
        else if (other.keys.get(key) !== kind && entry.name < other.name)
          problems.push(`${key}: a ${kind} in ${entry.name}, a ${other.keys.get(key)} in ${other.name}`);
      }
    }
  }
  return { problems, modules: new Set(read_.flatMap((entry) => [...entry.modules])) };
}

/**
 * Missing keys, kind mismatches and empty texts between the catalogues.
 * @param {Record<string, string | ModuleText>} catalogues
 * @param {ReadModule} [read]
 */
export const checkCatalogues = (catalogues, read) => readCatalogues(catalogues, read).problems;

/**
 * Modules under each language's folder that have no twin in another language's folder, or that
 * no catalogue is composed of (a namespace nobody reads).
 * @param {Record<string, string[]>} folders each language's module file names (catalogue/<language>/*.ts)
 * @param {Set<string>} composed the modules the catalogues were read from
 */
export function checkModules(folders, composed) {
  /** @type {string[]} */
  const problems = [];
  for (const [language, files] of Object.entries(folders)) {
    for (const fileName of files) {
      const base = path.posix.basename(fileName);
      for (const [other, otherFiles] of Object.entries(folders)) {
        if (other !== language && !otherFiles.some((candidate) => path.posix.basename(candidate) === base))
          problems.push(`${fileName}: no ${other} module ${base} beside it (catalogue/${other}/${base})`);
      }
      if (!composed.has(fileName)) problems.push(`${fileName}: not part of the ${language} catalogue (import it in ${language}.ts)`);
    }
  }
  return problems;
}
