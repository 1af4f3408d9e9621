// Framework internals are read in one module each (app/platform/react-router-internals.ts for
// React Router's UNSAFE_ exports, server/page-cache/ready-head.ts for node:http's private fields):
// the lint refuses them anywhere else in app/ and server/, and lets the fences have them.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repository = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: repository });

async function refusals(file: string, text: string) {
  const [result] = await eslint.lintText(text, { filePath: path.join(repository, file) });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports" || message.ruleId === "no-restricted-syntax")
    .length;
}

const reactRouterInternals = [
  'import { UNSAFE_FrameworkContext } from "react-router";\nexport const a = UNSAFE_FrameworkContext;\n',
  'import * as Router from "react-router";\nexport const a = Router.UNSAFE_DataRouterContext;\n',
];
const nodeInternals = "export const sent = (res: { _header: unknown; _hasBody: boolean }) => res._header !== null && res._hasBody;\n";

describe("framework internals", () => {
  it("are refused outside their fence", async () => {
    expect(await refusals("app/components/fence-probe.tsx", reactRouterInternals[0]!)).toBe(1);
    expect(await refusals("app/document-fence-probe.server.tsx", reactRouterInternals[1]!)).toBe(2);
    expect(await refusals("server/http/fence-probe.ts", nodeInternals)).toBe(2);
    expect(await refusals("app/components/fence-probe.tsx", 'import { Links } from "react-router";\nexport const a = Links;\n')).toBe(0);
  });

  it("are allowed in their fence", async () => {
    expect(await refusals("app/platform/react-router-internals.ts", reactRouterInternals[1]!)).toBe(0);
    expect(await refusals("server/page-cache/ready-head.ts", nodeInternals)).toBe(0);
  });
});
