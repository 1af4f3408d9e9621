import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user, verification } from "~/db/schema";
import { action as adminAction } from "~/routes/admin";
import { siteRequest, onEmbeddedDatabase } from "../support/test-database";
import { totp } from "../support/totp";
import { callRoute } from "../support/admin-routes";
import { enrol, signInWithPassword, useTwoFactorSite } from "../support/two-factor-session";

/**
 * Every way of writing the challenge cookie that better-auth's parser accepts. Each spelling must
 * be one better-auth signs in with (the first use opens a session), and a code from the app
 * must open exactly one session, however the second sign-in writes its cookie.
 */
const spellings: [label: string, spell: (name: string, value: string) => string][] = [
  ["as set", (name, value) => `${name}=${value}`],
  ["quoted value", (name, value) => `${name}="${value}"`],
  ["space before =", (name, value) => `${name} =${value}`],
  ["spaces around = and the value", (name, value) => `  ${name} = ${value} `],
  ["decoded value", (name, value) => `${name}=${decodeURIComponent(value)}`],
  ["after a decoy whose name ends the same", (name, value) => `x-${name}=decoy.${"A".repeat(43)}=; ${name}=${value}`],
  ["after a decoy with a quoted value", (name, value) => `other="${name}=decoy"; ${name}=${value}`],
  ["before a second cookie of the same name", (name, value) => `${name}=${value}; ${name}=decoy`],
  ["no space after ;", (name, value) => `a=1;${name}=${value};b=2`],
  ["after a pair with no =", (name, value) => `flag; ${name}=${value}`],
];

/** The challenge cookie of a password step: its name and value as the browser got them. */
async function challenge() {
  const { jar } = await signInWithPassword("admin@example.com");
  const pair = jar.header.split("; ").find((cookie) => cookie.includes("two_factor="))!;
  const at = pair.indexOf("=");
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
}

const codeStep = (cookie: string, code: string) =>
  callRoute(
    adminAction as never,
    siteRequest("/admin", { method: "POST", body: new URLSearchParams({ intent: "sign-in-code", method: "totp", code }), cookie }),
  );

describe.each(onEmbeddedDatabase)("a code from the app opens one session, whatever the cookie's spelling, on %s", (kind) => {
  const site = useTwoFactorSite(kind);

  it("accepts each spelling once per code and refuses the same code again, in its spelling and another", async () => {
    const { db } = site.app.handle;
    const { secret } = await enrol(site.admin);
    const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com"));
    const sessions = async () => (await db.select().from(session).where(eq(session.userId, admin!.id))).length;
    for (const [index, [label, spell]] of spellings.entries()) {
      // A fresh code for each spelling: the claims of the previous ones are forgotten.
      await db.delete(verification).where(like(verification.identifier, "2fa-used-%"));
      const code = totp(secret);
      const before = await sessions();
      const first = await challenge();
      const accepted = await codeStep(spell(first.name, first.value), code);
      expect(accepted.status, `first use, ${label}`).toBe(302);
      // Used again, in its own spelling and in the next one: refused.
      for (const [otherLabel, otherSpell] of [spellings[index]!, spellings[(index + 1) % spellings.length]!]) {
        const again = await challenge();
        const refused = await codeStep(otherSpell(again.name, again.value), code);
        expect(refused.status, `${label}, then again as ${otherLabel}`).not.toBe(302);
        expect(refused.headers.getSetCookie().join(), `${label}, then ${otherLabel}`).not.toMatch(/session_token=[^;]/);
      }
      expect(await sessions(), label).toBe(before + 1);
    }
    // The claims are kept against the account, never against the cookie's text.
    const claims = await db
      .select()
      .from(verification)
      .where(and(like(verification.identifier, "2fa-used-%")));
    expect(claims.every((claim) => claim.value === admin!.id && claim.identifier.includes(admin!.id))).toBe(true);
  }, 180_000);
});
