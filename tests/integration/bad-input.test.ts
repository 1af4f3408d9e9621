import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { pageContent } from "~/db/schema";
import { logger } from "~/platform/logger.server";
import { pingDatabase } from "~/platform/db.server";
import { siteRequest, signUpAndGetCookie, onEmbeddedDatabase, useTestApp, type TestApp } from "../support/test-database";
import type { RouteAnswer } from "../support/admin-routes";
import { callModule, fields, hasAction, intents, pathOf, routeFilesOnDisk, routeModuleFiles } from "../support/route-modules";

/**
 * The bad-input walk: every route module with an action, found on disk, is sent every kind of
 * malformed body as an administrator. Each answer must be a 4xx with a message the dashboard can
 * show, in time, with nothing changed; a route added later is walked without being listed here.
 */

/** Logout reads no body: whatever is posted, it only ends the session (walked without one). */
const READS_NO_BODY = new Set(["admin.logout.ts"]);
/**
 * Writes that take no input: their intent alone starts them, so over-long or odd values in fields
 * they never read are not bad input to them. A new one must be listed here on purpose.
 */
const INTENTS_WITHOUT_INPUT = new Set(["initialize-content", "init-legal-pages", "create-backup", "delete-long-unused-files"]);

const TOO_LONG = "x".repeat(200_001);
const deepJson = "[".repeat(10_000) + "]".repeat(10_000);
const junk = () => {
  const bytes = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < bytes.length; index++) bytes[index] = (index * 7919 + 13) % 256;
  return bytes;
};

interface BadRequest {
  name: string;
  init: RequestInit;
}

/**
 * A form is sent as the string a browser would send: the Request constructor would otherwise
 * re-encode it character by character for every route (some 8 s of the walk for the forms of
 * 200,001-character fields).
 */
const formBody = (body: URLSearchParams) =>
  [...body].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
const post = (name: string, body: BodyInit | undefined, contentType?: string): BadRequest => {
  if (body instanceof URLSearchParams) {
    contentType ??= "application/x-www-form-urlencoded;charset=UTF-8";
    body = formBody(body);
  }
  return { name, init: { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} } };
};
const form = (values: [string, string][]) => new URLSearchParams(values);
const entries = (intent: string, values: Record<string, string> = fields) =>
  [...Object.entries(values), ["intent", intent]] as [string, string][];

const UNKNOWN_INTENT = "an unknown intent";

/** Bodies that are wrong whatever the route. */
function makeGenericRequests(): BadRequest[] {
  const multipart = new FormData();
  multipart.set("intent", "update-content");
  multipart.set("file", new Blob([Buffer.from("not a picture")], { type: "image/png" }), "picture.png");
  return [
    post("an empty body", undefined),
    post("an empty form", "", "application/x-www-form-urlencoded"),
    post("a JSON body", JSON.stringify({ intent: "update-content", id: 1, contentValue: "Changed" }), "application/json"),
    post("invalid JSON", '{"intent": "update-content", ', "application/json"),
    post("JSON nested 10,000 deep", deepJson, "application/json"),
    post("1 MB of junk", junk(), "application/octet-stream"),
    post("1 MB of junk as a form", junk(), "application/x-www-form-urlencoded"),
    post("a multipart body with a file", multipart),
    post("a form with no intent", form(Object.entries(fields))),
    post(UNKNOWN_INTENT, form(entries("drop-everything"))),
    post("a form sent as text/plain", form(entries("update-content")).toString(), "text/plain"),
    post("a form without a content type", new TextEncoder().encode(form(entries("update-content")).toString())),
    post(
      "a form with a broken multipart boundary",
      '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupdate',
      "multipart/form-data; boundary=y",
    ),
  ];
}
/** Made once for every route: each Request reads its body afresh. */
const genericRequests = makeGenericRequests();

/** Bodies that name a real intent with values no schema may accept (made once per intent). */
const intentRequestsMade = new Map<string, BadRequest[]>();
const intentRequests = (intent: string) => {
  let requests = intentRequestsMade.get(intent);
  if (!requests) intentRequestsMade.set(intent, (requests = makeIntentRequests(intent)));
  return requests;
};
function makeIntentRequests(intent: string): BadRequest[] {
  const requests = [post(`${intent}: every field duplicated`, form(entries(intent).flatMap((entry) => [entry, entry])))];
  if (INTENTS_WITHOUT_INPUT.has(intent) || intent === "") return requests;
  const everyField = (value: string) => Object.fromEntries(Object.keys(fields).map((name) => [name, value]));
  requests.push(post(`${intent}: every field 200,001 characters`, form(entries(intent, everyField(TOO_LONG)))));
  // Only the numbers are sent, so each intent either refuses the number or misses its other fields.
  for (const number of ["-1", "1000", "abc", "1 OR 1=1", "1e400", "0x10"]) {
    requests.push(
      post(
        `${intent}: id and sort order ${number}`,
        form([
          ["intent", intent],
          ["id", number],
          ["sortOrder", number],
          ["sort_order", number],
        ]),
      ),
    );
  }
  return requests;
}

/** Every table's rows (sessions and rate-limit counters only counted), and the uploads on disk. */
async function snapshot(app: TestApp) {
  const db = app.handle.db;
  const tables = (
    await db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows.map((row) => row.table_name);
  const state: Record<string, unknown> = {};
  for (const table of tables) {
    // Rate limits record every sign-in attempt, a malformed one too: that is their job.
    if (table.includes("rate_limit")) continue;
    // Sessions are refreshed by being used: only their number is compared.
    const countOnly = table === "session";
    const query = countOnly
      ? sql.raw(`select count(*)::int as rows from "${table}"`)
      : sql.raw(`select coalesce(json_agg(t order by t::text), '[]'::json) as rows from "${table}" t`);
    state[table] = (await db.execute<{ rows: unknown }>(query)).rows[0]?.rows;
  }
  const uploads = path.join(app.env.DATA_DIR, "uploads");
  state.uploads = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).map(String).sort() : [];
  return state;
}

const withinTime = <T>(promise: Promise<T>, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within 10 s: ${what}`)), 10_000))]);

/** What a person would read: the message of a JSON answer, a refused contact form's errors, or text. */
function readableMessage(answer: RouteAnswer): string {
  const body = answer.body as unknown;
  if (typeof body === "string") return body;
  if (body && typeof body === "object") {
    const { message, errors } = body as { message?: unknown; errors?: unknown };
    if (typeof message === "string" && message) return message;
    if (errors && typeof errors === "object") return Object.values(errors).flat().join(" ");
  }
  return "";
}

const LEAKS = /\n\s+at |node_modules|SyntaxError|TypeError|RangeError|Unexpected token|stack/;

describe.each(onEmbeddedDatabase)("bad input to every action on %s", (kind) => {
  const app = useTestApp(kind, { AUTH_RATE_LIMIT: "10000" });
  let admin: string;
  beforeAll(async () => {
    admin = await signUpAndGetCookie(app.auth, "admin@example.com");
    await app.handle.db.insert(pageContent).values([
      { pageName: "home", sectionName: "hero_title", contentValue: "Stored title" },
      { pageName: "terms", sectionName: "page_content", contentType: "rich_text", contentValue: "<p>Terms</p>" },
      { pageName: "global", sectionName: "company_name", contentValue: "Stored Ltd" },
    ]);
  });

  it("walks every route module that has an action", async () => {
    expect(routeModuleFiles).toEqual(routeFilesOnDisk);
    const withActions = [];
    for (const file of routeModuleFiles) if (await hasAction(file)) withActions.push(file);
    expect(withActions).toEqual(
      expect.arrayContaining([
        "admin.content.tsx",
        "admin.settings.tsx",
        "admin.legal.tsx",
        "admin.upload.ts",
        "admin.tsx",
        "api.auth.$.ts",
        "_public.contact.tsx",
      ]),
    );
  });

  it("answers each malformed body with a 4xx and a readable message, and changes nothing", async () => {
    const warn = vi.spyOn(logger, "warn");
    const before = await snapshot(app);
    const answers: string[] = [];
    /** Sends one bad body and checks its answer; returns the answer as a person would read it. */
    const send = async (file: string, bad: BadRequest) => {
      const cookie = READS_NO_BODY.has(file) ? undefined : admin;
      const request = siteRequest(pathOf(file), { ...bad.init, cookie });
      const answer = await withinTime(callModule(file, "action", request), `${file} ${bad.name}`);
      if (!answer) return undefined;
      const what = `${file} ← ${bad.name}`;
      if (READS_NO_BODY.has(file)) {
        expect(answer.status, what).toBeLessThan(500);
        return undefined;
      }
      const message = readableMessage(answer);
      expect({ what, status: answer.status >= 400 && answer.status < 500 ? "4xx" : answer.status }).toEqual({ what, status: "4xx" });
      expect(message, what).not.toBe("");
      expect(JSON.stringify(answer.body), what).not.toMatch(LEAKS);
      answers.push(`${answer.status} ${what}: ${message}`);
      return `${answer.status} ${message}`;
    };
    // Every intent is sent to every route. A route that answers an intent's probe exactly as it
    // answers an unknown intent does not take that intent: the rest of its bodies would only be
    // refused the same way again, so the whole set goes to the routes that take the intent
    // (a quarter of the requests of sending everything everywhere).
    const walkedFully = new Set<string>();
    for (const file of routeModuleFiles) {
      if (!(await hasAction(file))) continue;
      let unknownIntent: string | undefined;
      for (const bad of genericRequests) {
        const answer = await send(file, bad);
        if (bad.name === UNKNOWN_INTENT) unknownIntent = answer;
      }
      for (const intent of intents) {
        const requests = intentRequests(intent);
        // The probe: the intent with a negative id and sort order, which no schema takes.
        const probe = requests.find((bad) => bad.name === `${intent}: id and sort order -1`);
        if (!probe) {
          for (const bad of requests) await send(file, bad);
          continue;
        }
        const answer = await send(file, probe);
        if (READS_NO_BODY.has(file) || answer === unknownIntent) continue;
        walkedFully.add(intent);
        for (const bad of requests) if (bad !== probe) await send(file, bad);
      }
    }
    // Each intent that has a probe met its whole set of bad bodies at one route at least (the
    // others were sent whole to every route).
    expect(intents.filter((intent) => intentRequests(intent).length > 1 && !walkedFully.has(intent))).toEqual([]);
    expect(answers.length).toBeGreaterThan(100);
    expect(await snapshot(app)).toEqual(before);
    expect(await pingDatabase()).toBe(true);
    // A refused body is logged with its route and reason, never with the body itself.
    const refusals = warn.mock.calls.filter(([, message]) => message === "request body refused");
    expect(refusals.length).toBeGreaterThan(0);
    for (const [details] of refusals) {
      expect(details).toEqual(expect.objectContaining({ path: expect.any(String), reason: expect.any(String) }));
      expect(JSON.stringify(details)).not.toContain("Changed");
    }
    warn.mockRestore();
    // Hundreds of requests per route: on a busy two-core machine the walk can take more than the default minute.
  }, 300_000);

  it("still takes a well-formed write afterwards", async () => {
    const answer = await callModule(
      "admin.settings.tsx",
      "action",
      siteRequest("/admin/settings", {
        method: "POST",
        cookie: admin,
        body: form([
          ["intent", "update-setting"],
          ["section", "company_name"],
          ["value", "Walked Ltd"],
        ]),
      }),
    );
    expect(answer?.status).toBe(200);
  });
});
