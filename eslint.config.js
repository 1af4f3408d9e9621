// @ts-check
import path from "node:path";
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import globals from "globals";

const root = import.meta.dirname;
/** @param {string} p */
const abs = (p) => path.join(root, p);

/*
 * The dependency rule. Imports flow one way:
 *
 *   routes (app/routes, app/root.tsx, app/entry.server.tsx) → features (app/features/<feature>) → platform (app/platform, app/db)
 *
 * - Components (app/components) render what a feature hands them: they may import a feature's
 *   contract files (types, intents, schemas, pure helpers) but never server code (`*.server.ts`,
 *   `.server/`), routes or server/.
 * - Features never import components, routes or server/.
 * - Platform never imports features, routes, components or server/.
 * - A feature may use another feature only through its public files. Convention: every file of a
 *   feature is public except those under an `internal/` folder (app/features/<feature>/**\/internal/**),
 *   which only that feature's own files may import.
 * - server/ may import features and platform (and the routes' build); it never imports components.
 * - Tests (`*.test.ts`, tests/) and scripts may import anything.
 * - No import cycles anywhere: import-x/no-cycle here for imports that run, and scripts/import-cycles.js
 *   (also in `npm run lint`) for cycles through type-only imports, which no-cycle skips.
 */
// Every `from` entry of a zone must be a glob (import-x refuses a mix of globs and plain paths).
const routeFiles = ["app/routes/**", "app/{root.tsx,entry.server.tsx,routes.ts}"];
const serverOnly = ["app/**/*.server.ts", "app/**/*.server.tsx", "app/**/.server/**"];
const features = readdirSync(abs("app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const zones = [
  {
    target: ["app/platform/**", "app/db/**"].map(abs),
    from: ["app/features/**", "app/components/**", ...routeFiles, "server/**"].map(abs),
    message: "Platform code must not depend on features, components, routes or server/.",
  },
  {
    target: abs("app/features/**"),
    from: ["app/components/**", ...routeFiles, "server/**"].map(abs),
    message: "Features must not import components, routes or server/: move the shared contract (types, intents) into the feature.",
  },
  {
    target: abs("app/components/**"),
    from: [...serverOnly, ...routeFiles, "server/**"].map(abs),
    message: "Components may import only a feature's non-server contract files (no *.server.ts, routes or server/).",
  },
  {
    target: abs("server/**"),
    from: abs("app/components/**"),
    message: "server/ must not import components.",
  },
  ...features.map((feature) => ({
    target: abs(`app/features/${feature}/**`),
    from: abs(`app/features/!(${feature})/**/internal/**`),
    message: "Another feature's internal/ files are private: use its public files.",
  })),
];

const unsafeMessage = "React Router's UNSAFE_ exports are read only in app/platform/react-router-internals.ts: import them from there.";
// node:http's private response fields the ready heads use (and their neighbours).
const nodePrivateFields =
  "/^_(header|headerSent|hasBody|contentLength|keepAliveTimeout|maxRequestsPerSocket|defaultKeepAlive|expect_continue|send|storeHeader|implicitHeader|writeRaw|last|closed)$/";
const nodeMessage = "node:http's private fields are touched only in server/page-cache/ready-head.ts.";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "build-*/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
      "public/**",
      ".react-router/**",
      "node_modules/**",
      "app/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: {
      "import-x": importX,
    },
    settings: {
      // Without the TypeScript extensions and parser import-x reads no .ts module, and no-cycle sees nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: abs("tsconfig.json") })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["tests/**"],
    rules: {
      // Playwright fixtures take their dependencies as a destructured first argument, `{}` when none.
      "no-empty-pattern": "off",
      // Tests read route answers into whatever shape the route gave.
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["app/**", "server/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "import-x/no-restricted-paths": ["error", { basePath: root, zones }],
      // Framework internals are fenced, each in one module with a test against the public API.
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["react-router", "@react-router/*"], importNamePattern: "^UNSAFE_", message: unsafeMessage }] },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[property.name=/^UNSAFE_/]", message: unsafeMessage },
        { selector: `MemberExpression[property.name=${nodePrivateFields}]`, message: nodeMessage },
      ],
    },
  },
  {
    files: ["app/platform/react-router-internals.ts", "server/page-cache/ready-head.ts"],
    rules: { "no-restricted-imports": "off", "no-restricted-syntax": "off" },
  },
);
