// The dashboard's message check (scripts/dashboard-messages.js) fails on what it is there to catch:
// a key missing in either language, a text where the other language has a message with
// parameters, and texts of a dashboard component's own.
import { describe, expect, it } from "vitest";
import { checkCatalogues, findLiterals } from "../../scripts/dashboard-messages.js";

const ru = `export const ru = { shell: { title: "Панель управления", logout: "Выйти" }, count: (p: { n: number }) => \`\${p.n}\` };`;

describe("the catalogues' check", () => {
  it("passes catalogues with the same keys", () => {
    const en = `export const en = { shell: { title: "Admin Dashboard", logout: "Logout" }, count: (p: { n: number }) => \`\${p.n}\` } satisfies Catalogue;`;
    expect(checkCatalogues({ ru, en })).toEqual([]);
  });

  it("fails on a key missing in English, and one missing in Russian", () => {
    const en = `export const en = { shell: { title: "Admin Dashboard", extra: "Extra" }, count: (p: { n: number }) => \`\${p.n}\` };`;
    const problems = checkCatalogues({ ru, en }) as string[];
    expect(problems).toContain("en: missing key shell.logout (present in ru)");
    expect(problems).toContain("ru: missing key shell.extra (present in en)");
  });

  it("fails on a text where the other language has a function, and on an empty text", () => {
    const en = `export const en = { shell: { title: "", logout: "Logout" }, count: "many" };`;
    const problems = checkCatalogues({ ru, en }) as string[];
    expect(problems).toContain("count: a text in en, a function in ru");
    expect(problems).toContain("en: shell.title is empty");
  });
});

describe("the literals' check", () => {
  const component = `
export function Panel({ busy, m }: { busy: boolean; m: any }) {
  return (
    <section aria-label="Панель">
      <h2>Upload image</h2>
      <p>{m.shell.title} · 3</p>
      <input placeholder="e.g. home" title={\`Upload \${m.x}\`} alt={m.y} />
      <button>{busy ? "Logging out..." : m.shell.logout}</button>
      <img alt="" />
      {/* i18n-ignore: an address format, the same in every language */}
      <input placeholder="you@example.com" />
    </section>
  );
}`;

  it("finds JSX text, string attributes and branches outside the catalogue", () => {
    const found = (findLiterals("panel.tsx", component) as string[]).map((line) => line.replace(/^panel\.tsx:\d+: /, ""));
    expect(found).toEqual(['"Панель"', '"Upload image"', '"e.g. home"', '"Upload"', '"Logging out..."']);
  });

  it("passes a component whose texts all come from the catalogue", () => {
    expect(findLiterals("ok.tsx", `export const A = ({ m }: { m: any }) => <p aria-label={m.a}>{m.b} · {42}</p>;`)).toEqual([]);
  });
});
