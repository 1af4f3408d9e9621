// Vite plugin: `import source from "./name.head.ts?head-script"` gives the module's code bundled
// (the constants it imports are inlined), minified and as one string, for an inline <script>.
// The readable source is the file; the page carries the minified text. A page's CSP lists each
// inline script by the hash of the text it emits (server/page-cache/inline-script-hashes.ts),
// so whatever the minifier writes is what is hashed.
//
// The emitted code runs as a classic script in the page's global scope, so it must declare
// nothing at its top level (a `let` there would clash with any other script declaring the same
// name): the source keeps its state inside a function or block, and the build fails otherwise.
import path from "node:path";
import { rolldown } from "rolldown";
import { parseAst } from "vite";

const QUERY = "?head-script";
const PREFIX = "\0head-script:";

/** Bundles and minifies one head script; answers its code and the files it was made from. */
export async function buildHeadScript(file) {
  const bundle = await rolldown({
    input: file,
    platform: "browser",
    treeshake: true,
    // Constants imported from other modules (attribute names, storage keys) become literals.
    optimization: { inlineConst: { mode: "all", pass: 3 } },
    logLevel: "silent",
  });
  try {
    const { output } = await bundle.generate({ format: "esm", minify: true });
    const code = output[0].code.trim();
    const declared = parseAst(code).body.filter((node) => /Declaration$/.test(node.type));
    if (declared.length > 0) {
      throw new Error(
        `${file}: a head script must declare nothing at its top level (found ${declared.map((node) => node.type).join(", ")})`,
      );
    }
    return { code, files: await bundle.watchFiles };
  } finally {
    await bundle.close();
  }
}

export function headScripts() {
  // Ids are relative to the project, so that the build names no folder of the machine it ran on.
  let root = process.cwd();
  return {
    name: "head-scripts",
    enforce: "pre",
    configResolved(config) {
      root = config.root;
    },
    // The filters keep every other module from calling into the plugin at all.
    resolveId: {
      filter: { id: /\?head-script$/ },
      async handler(source, importer) {
        if (!source.endsWith(QUERY) || !importer) return null;
        const file = source.slice(0, -QUERY.length);
        const resolved = await this.resolve(file, importer, { skipSelf: true });
        return PREFIX + path.relative(root, resolved ? resolved.id : path.resolve(path.dirname(importer), file));
      },
    },
    load: {
      filter: { id: /^\0head-script:/ },
      async handler(id) {
        if (!id.startsWith(PREFIX)) return null;
        const { code, files } = await buildHeadScript(path.resolve(root, id.slice(PREFIX.length)));
        for (const file of files) this.addWatchFile(file);
        return `export default ${JSON.stringify(code)};`;
      },
    },
  };
}
