// The dashboard's message check (scripts/dashboard-messages.js) fails on what it is there to catch:
// a key missing in either language, a text where the other language has a message with
// parameters, and texts of a dashboard component's own; and, for catalogues kept in a module per area, the same
// through the modules, a module without its twin in the other language, or one no catalogue uses.
import { describe, expect, it } from "vitest";
import { checkCatalogues, checkModules, findLiterals, readCatalogues } from "../../scripts/dashboard-messages.js";

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

describe("catalogues composed of modules (catalogue/ru/*.ts, catalogue/en/*.ts)", () => {
  const base = "app/features/admin-i18n/catalogue";
  const ruRoot = {
    fileName: `${base}/ru.ts`,
    source: `import { inbox } from "./ru/inbox";\nexport const ru = { inbox, shell: { title: "Панель управления" } };`,
  };
  const enRoot = {
    fileName: `${base}/en.ts`,
    source: `import { inbox } from "./en/inbox";\nexport const en = { inbox, shell: { title: "Admin Dashboard" } } satisfies Catalogue;`,
  };
  const modules: Record<string, string> = {
    [`${base}/ru/inbox.ts`]: `export const inbox = { title: "Сообщения", found: (p: { count: number }) => \`\${p.count}\`, notify: { sent: "Отправлено" } };`,
    [`${base}/en/inbox.ts`]: `export const inbox = { title: "Messages", found: (p: { count: number }) => \`\${p.count}\`, notify: { sent: "Sent" } } satisfies Catalogue["inbox"];`,
  };
  const read =
    (overrides: Record<string, string> = {}) =>
    (fileName: string) =>
      ({ ...modules, ...overrides })[fileName];

  it("reads a namespace from its module, with its nested keys, and passes when both languages agree", () => {
    const { problems, modules: composed } = readCatalogues({ ru: ruRoot, en: enRoot }, read());
    expect(problems).toEqual([]);
    expect([...composed].sort()).toEqual([`${base}/en.ts`, `${base}/en/inbox.ts`, `${base}/ru.ts`, `${base}/ru/inbox.ts`]);
  });

  it("fails on a key missing in one language's module, a kind mismatch and an empty text there", () => {
    const problems = checkCatalogues(
      { ru: ruRoot, en: enRoot },
      read({ [`${base}/en/inbox.ts`]: `export const inbox = { title: "", found: "many" };` }),
    ) as string[];
    expect(problems).toContain("en: missing key inbox.notify.sent (present in ru)");
    expect(problems).toContain("inbox.found: a text in en, a function in ru");
    expect(problems).toContain(`${base}/en/inbox.ts: inbox.title is empty`);
  });

  it("fails on a namespace that is not imported from a module it can read", () => {
    const problems = checkCatalogues({ ru: ruRoot, en: enRoot }, read({ [`${base}/en/inbox.ts`]: undefined as unknown as string }));
    expect(problems).toContain(`${base}/en.ts: inbox is inbox, which is not imported from a catalogue module`);
  });

  it("fails on a module without its twin in the other language, and on one no catalogue is composed of", () => {
    const composed = new Set([`${base}/ru/inbox.ts`, `${base}/en/inbox.ts`]);
    const problems = checkModules(
      { ru: [`${base}/ru/inbox.ts`, `${base}/ru/fees.ts`], en: [`${base}/en/inbox.ts`, `${base}/en/fees.ts`, `${base}/en/seo.ts`] },
      composed,
    ) as string[];
    expect(problems).toContain(`${base}/en/seo.ts: no ru module seo.ts beside it (catalogue/ru/seo.ts)`);
    expect(problems).toContain(`${base}/ru/fees.ts: not part of the ru catalogue (import it in ru.ts)`);
    expect(problems).toContain(`${base}/en/fees.ts: not part of the en catalogue (import it in en.ts)`);
    expect(checkModules({ ru: [`${base}/ru/inbox.ts`], en: [`${base}/en/inbox.ts`] }, composed)).toEqual([]);
  });
});
