// The dependency rule and the cycle checks fail on deliberate violations. Each case lays out a
// small project in a temporary folder (the repository's eslint.config.js, a tsconfig with the
// `~/` alias, a few modules) so that nothing is written into the real app/ while others lint it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "../..");

const fixtures: Record<string, string> = {
  "app/components/ui/button.tsx": "export function Button() { return null; }\n",
  "app/features/content/intents.ts": 'export const contentIntents = { update: "update" } as const;\n',
  "app/features/content/write.server.ts": "export async function writeContent() {}\n",
  "app/features/auth/internal/session-store.ts": "export const sessions = new Map<string, string>();\n",
  "app/features/auth/public-session.ts":
    'import { sessions } from "./internal/session-store";\nexport const countSessions = () => sessions.size;\n',
  "app/platform/logger.server.ts": "export const logger = console;\n",
  // A cycle through imports that run.
  "app/features/team/members.ts": 'import { invite } from "./invitations";\nexport const members = () => invite;\n',
  "app/features/team/invitations.ts": 'import { members } from "./members";\nexport const invite = () => members;\n',
  // A cycle that passes through a type-only import.
  "app/features/history/revisions.ts":
    'import type { Snapshot } from "./snapshots";\nexport interface Revision { snapshot?: Snapshot }\nexport const revisions: Revision[] = [];\n',
  "app/features/history/snapshots.ts":
    'import { revisions } from "./revisions";\nexport interface Snapshot { id: number }\nexport const count = () => revisions.length;\n',
  // Two features that need each other through different files: no file cycle, but a knot.
  "app/features/alpha/uses-beta.ts": 'import { beta } from "~/features/beta/own";\nexport const alphaUsesBeta = () => beta;\n',
  "app/features/alpha/own.ts": "export const alpha = 1;\n",
  "app/features/beta/uses-alpha.ts": 'import { alpha } from "~/features/alpha/own";\nexport const betaUsesAlpha = () => alpha;\n',
  "app/features/beta/own.ts": "export const beta = 2;\n",
  // A feature's test may import another feature's files without making a knot.
  "app/features/gamma/own.ts": 'import { beta } from "~/features/beta/own";\nexport const gamma = beta;\n',
  "app/features/beta/own.test.ts": 'import { gamma } from "~/features/gamma/own";\nexport const seen = gamma;\n',
};

let project: string;
let eslint: ESLint;

beforeAll(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), "lint-boundaries-"));
  for (const [file, text] of Object.entries(fixtures)) {
    fs.mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
    fs.writeFileSync(path.join(project, file), text);
  }
  fs.copyFileSync(path.join(repository, "eslint.config.js"), path.join(project, "eslint.config.js"));
  fs.mkdirSync(path.join(project, "scripts"));
  fs.copyFileSync(path.join(repository, "scripts/import-cycles.js"), path.join(project, "scripts/import-cycles.js"));
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  fs.writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        module: "ES2022",
        moduleResolution: "bundler",
        jsx: "react-jsx",
        baseUrl: ".",
        paths: { "~/*": ["./app/*"] },
        allowJs: true,
        noEmit: true,
      },
    }),
  );
  fs.symlinkSync(path.join(repository, "node_modules"), path.join(project, "node_modules"), "dir");
  eslint = new ESLint({ cwd: project, overrideConfigFile: path.join(project, "eslint.config.js") });
});

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

/** The rule ids ESLint reports for `code` placed at `file` in the fixture project. */
async function ruleIds(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(project, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

async function ruleIdsOfFile(file: string) {
  const [result] = await eslint.lintFiles([path.join(project, file)]);
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe("the dependency rule", () => {
  it("refuses a feature importing a component", async () => {
    expect(await ruleIds("app/features/content/editor.ts", 'export { Button } from "~/components/ui/button";\n')).toEqual([
      "import-x/no-restricted-paths",
    ]);
  });

  it("refuses a component importing a feature's server code, and lets it import the feature's contract", async () => {
    const server = 'import { writeContent } from "~/features/content/write.server";\nexport const save = writeContent;\n';
    expect(await ruleIds("app/components/admin/content/panel.tsx", server)).toEqual(["import-x/no-restricted-paths"]);
    const contract = 'import { contentIntents } from "~/features/content/intents";\nexport const intent = contentIntents.update;\n';
    expect(await ruleIds("app/components/admin/content/panel.tsx", contract)).toEqual([]);
  });

  it("refuses platform code importing a feature", async () => {
    const code = 'import { contentIntents } from "~/features/content/intents";\nexport const intents = contentIntents;\n';
    expect(await ruleIds("app/platform/audit.server.ts", code)).toEqual(["import-x/no-restricted-paths"]);
  });

  it("keeps a feature's internal/ folder to that feature", async () => {
    const code = 'import { sessions } from "~/features/auth/internal/session-store";\nexport const all = sessions;\n';
    expect(await ruleIds("app/features/team/sessions.ts", code)).toEqual(["import-x/no-restricted-paths"]);
    expect(await ruleIdsOfFile("app/features/auth/public-session.ts")).toEqual([]);
    const publicFile = 'import { countSessions } from "~/features/auth/public-session";\nexport const count = countSessions;\n';
    expect(await ruleIds("app/features/team/sessions.ts", publicFile)).toEqual([]);
  });

  it("lets tests import anything", async () => {
    const code =
      'import { Button } from "~/components/ui/button";\nimport { writeContent } from "~/features/content/write.server";\nexport { Button, writeContent };\n';
    expect(await ruleIds("app/platform/logger.server.test.ts", code)).toEqual([]);
  });
});

describe("import cycles", () => {
  it("import-x/no-cycle refuses two modules that import each other", async () => {
    expect(await ruleIdsOfFile("app/features/team/members.ts")).toEqual(["import-x/no-cycle"]);
  });

  it("the cycle check of npm run lint also finds a cycle through a type-only import, which no-cycle skips", async () => {
    expect(await ruleIdsOfFile("app/features/history/snapshots.ts")).toEqual([]);
    const run = spawnSync(process.execPath, ["scripts/import-cycles.js", "app/features/history"], { cwd: project, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("app/features/history/revisions.ts, app/features/history/snapshots.ts");
    const clean = spawnSync(process.execPath, ["scripts/import-cycles.js", "app/features/content"], { cwd: project, encoding: "utf8" });
    expect(clean.status).toBe(0);
  });

  it("also refuses features that need each other through different files (a folder-level knot), tests aside", () => {
    const knot = spawnSync(process.execPath, ["scripts/import-cycles.js", "app/features/alpha", "app/features/beta"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(knot.status).toBe(1);
    expect(knot.stdout).toContain("No import cycles among");
    expect(knot.stderr).toContain("feature folders import each other in a circle:\n- app/features/alpha, app/features/beta");
    const testsAside = spawnSync(process.execPath, ["scripts/import-cycles.js", "app/features/beta", "app/features/gamma"], {
      cwd: project,
      encoding: "utf8",
    });
    expect(testsAside.stderr).not.toContain("feature folders");
  });
});
