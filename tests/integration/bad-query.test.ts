import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp } from "../support/test-database";
import type { RouteAnswer } from "../support/admin-routes";
import { callModule, pathOf, routeFilesOnDisk, routeModuleFiles } from "../support/route-modules";

/**
 * The bad-query walk (bad-input.test.ts walks the actions' bodies): every route module's loader,
 * found on disk, is sent query strings no form writes, as an administrator. Each answer must be
 * 2xx, 3xx or 4xx (a 4xx with a message a person can read), in time: never a 500, never a stall.
 * The parameter names are found in the sources (`searchParams.get("…")`) and in the query
 * schemas the loaders parse, so a parameter added later is walked too.
 */

const sources = import.meta.glob<string>(["/app/**/*.{ts,tsx}", "!/app/**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});
const schemaModules = import.meta.glob<Record<string, unknown>>([
  "/app/features/**/*schema*.ts",
  "/app/features/**/query.ts",
  "/app/features/releases/preview/preview.ts",
]);
/** The query schemas' modules (their tests left out: importing one would run it here). */
const loadSchemas = () =>
  Promise.all(
    Object.entries(schemaModules)
      .filter(([file]) => !file.includes(".test."))
      .map(([, load]) => load()),
  );

/** Every query parameter a loader may read. */
async function parameterNames() {
  const names = new Set<string>(["range", "from", "to"]);
  for (const source of Object.values(sources))
    for (const match of source.matchAll(/searchParams\.(?:get|getAll|has)\(\s*["']([^"']+)["']/g)) names.add(match[1]!);
  for (const module of await loadSchemas())
    for (const [name, value] of Object.entries(module)) {
      if (!/Query|Filter|Fields/.test(name)) continue;
      if (value instanceof z.ZodObject) for (const key of Object.keys(value.shape)) names.add(key);
      else if (value && typeof value === "object" && !(value instanceof z.ZodType))
        for (const [key, field] of Object.entries(value)) if (field instanceof z.ZodType) names.add(key);
    }
  return [...names].sort();
}

const HUGE = "x".repeat(100_000);
const badValues: [string, string][] = [
  ["an impossible date", "2024-02-30"],
  ["the first day of year 1", "0001-01-01"],
  ["the last day of year 9999", "9999-12-31"],
  ["a NUL byte", "a\u0000b"],
  ["control characters", "\u0001\u001b[31m\u007f"],
  ["a huge value", HUGE],
  ["a negative number", "-1"],
  ["an overflowing number", "1e400"],
];
/** Periods no date picker sends: 30 February, a comparison period in year 0, a next day in year 10000, 1.8 million days. */
const periods: [string, string][] = [
  ["2024-02-30", "2024-03-01"],
  ["0001-01-01", "0001-01-02"],
  ["9999-12-30", "9999-12-31"],
  ["5001-01-01", "9999-12-30"],
  ["2026-03-01", "2024-02-29"],
];

interface BadQuery {
  name: string;
  search: string;
}

/** Queries that set every parameter at once: each bad value, each parameter twice, broken encodings. */
function everyParameterQueries(names: string[]): BadQuery[] {
  const queries: BadQuery[] = [];
  const query = (name: string, entries: [string, string][]) => queries.push({ name, search: new URLSearchParams(entries).toString() });
  for (const [what, value] of badValues)
    query(
      `every parameter ${what}`,
      names.map((name) => [name, value]),
    );
  for (const [from, to] of periods)
    query(`the period ${from}..${to}`, [
      ["range", "custom"],
      ["from", from],
      ["to", to],
    ]);
  query(
    "every parameter twice",
    names.flatMap(
      (name) =>
        [
          [name, "1"],
          [name, "2024-01-01"],
        ] as [string, string][],
    ),
  );
  query(
    "one parameter a thousand times",
    Array.from({ length: 1000 }, (_, index) => ["page", String(index)] as [string, string]),
  );
  queries.push({ name: "broken percent-encoding", search: names.map((name) => `${name}=%E0%A4%A`).join("&") });
  queries.push({ name: "a NUL byte in a parameter's name", search: "utm%00campaign=a&from%00=2024-01-01" });
  return queries;
}

/** The custom period with every other parameter set to a plain value. */
const customPeriodWithEveryParameter = (names: string[]): BadQuery => ({
  name: "the custom period with every parameter",
  search: new URLSearchParams([
    ["range", "custom"],
    ...names.filter((name) => name !== "range").map((name): [string, string] => [name, "1"]),
  ]).toString(),
});

/** Each bad value in one parameter alone (beside `range=custom`, which opens the custom period's fields). */
function oneParameterQueries(name: string): BadQuery[] {
  return badValues.map(([what, value]) => ({
    name: `${name}: ${what}`,
    search: new URLSearchParams([
      ["range", "custom"],
      [name, value],
    ]).toString(),
  }));
}

/**
 * Which query parameters a call reads: URLSearchParams' lookups are recorded while it runs; a call
 * that reads the query as a whole (iterates it, prints it, reads URL.search) reads every one.
 */
const reads = { names: new Set<string>(), all: false, recording: false };
function recordQueryReads() {
  const lookups = ["get", "getAll", "has"] as const;
  const wholes = ["entries", "keys", "values", "forEach", "toString", Symbol.iterator] as const;
  const proto: object = URLSearchParams.prototype;
  const wrap = (method: PropertyKey, record: (args: unknown[]) => void) => {
    const original = Reflect.get(proto, method) as (...args: unknown[]) => unknown;
    Reflect.set(proto, method, function (this: URLSearchParams, ...args: unknown[]) {
      if (reads.recording) record(args);
      return original.apply(this, args);
    });
  };
  for (const method of lookups) wrap(method, (args) => reads.names.add(String(args[0])));
  for (const method of wholes)
    wrap(method, () => {
      reads.all = true;
    });
  const search = Object.getOwnPropertyDescriptor(URL.prototype, "search")!;
  Object.defineProperty(URL.prototype, "search", {
    ...search,
    get(this: URL) {
      if (reads.recording) reads.all = true;
      return search.get!.call(this);
    },
  });
}

const withinTime = <T>(promise: Promise<T>, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within 10 s: ${what}`)), 10_000))]);

function readableMessage(answer: RouteAnswer): string {
  const body = answer.body as unknown;
  if (typeof body === "string") return body;
  if (body && typeof body === "object") {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === "string" && message) return message;
    if (typeof error === "string" && error) return error;
  }
  return "";
}

const LEAKS = /\n\s+at |node_modules|SyntaxError|TypeError|RangeError|invalid byte sequence|date\/time field value out of range/;

describe.each(onEmbeddedDatabase)("bad query strings to every loader on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "10000" });
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    recordQueryReads();
  });

  it("finds the parameters the loaders read", async () => {
    expect(routeModuleFiles).toEqual(routeFilesOnDisk);
    expect(await parameterNames()).toEqual(
      expect.arrayContaining(["range", "from", "to", "utm_campaign", "page", "person", "before", "q"]),
    );
  });

  it("answers every bad query string without a 500, in time, with a message for a refusal", async () => {
    const names = await parameterNames();
    const failures: string[] = [];
    let answered = 0;
    let oneParameterWalks = 0;
    const ask = async (file: string, bad: BadQuery) => {
      const what = `${file} ? ${bad.name}`;
      const base = pathOf(file);
      const url = `${base}${base.includes("?") ? "&" : "?"}${bad.search}`;
      let answer: RouteAnswer | null;
      try {
        answer = await withinTime(callModule(file, "loader", siteRequest(url, { cookie: admin })), what);
      } catch (error) {
        failures.push(`${what}: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`);
        return true;
      }
      if (!answer) return false; // no loader
      answered += 1;
      if (answer.status >= 500) failures.push(`${what}: ${answer.status}`);
      // A 404 or 403 shows the site's own page for it; a refusal of the input must say why.
      else if ([400, 413, 422].includes(answer.status) && readableMessage(answer) === "")
        failures.push(`${what}: ${answer.status} without a message`);
      else if (JSON.stringify(answer.body ?? "").match(LEAKS)) failures.push(`${what}: leaks ${JSON.stringify(answer.body).slice(0, 200)}`);
      return true;
    };
    // Written before the walk: writing a query string reads URLSearchParams as a whole.
    const everyQueries = [...everyParameterQueries(names), customPeriodWithEveryParameter(names)];
    const oneQueries = new Map(names.map((name) => [name, oneParameterQueries(name)]));
    for (const file of routeModuleFiles) {
      // What the loader reads, recorded while it answers the queries that set every parameter
      // (and the custom period's, whose fields some loaders read only then).
      reads.names.clear();
      reads.all = false;
      reads.recording = true;
      let hasLoader = true;
      try {
        for (const bad of everyQueries) if (!(hasLoader = await ask(file, bad))) break;
      } finally {
        reads.recording = false;
      }
      if (!hasLoader) continue;
      // A parameter's values alone go to the loaders that read it: one that never looks at a
      // parameter answers as it does without it, and the queries above carry every bad value in
      // every parameter to every loader, including those that read the query as a whole.
      const read = names.filter((name) => reads.all || reads.names.has(name));
      for (const name of read) {
        oneParameterWalks += 1;
        for (const bad of oneQueries.get(name)!) await ask(file, bad);
      }
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(500);
    // The statistics dashboard alone reads a dozen parameters.
    expect(oneParameterWalks).toBeGreaterThan(20);
  }, 600_000);
});
