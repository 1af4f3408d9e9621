import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { localeOfPathSql } from "~/features/statistics/locale-of-path.server";
import { defaultLocaleCode, siteLocalesNow } from "./routing.server";

describe("the site's locales before any database is open", () => {
  // A roll-up on a database of its own (the statistics latency test, a command) asks for the
  // default locale in a process where no database is installed: it gets the default, not a throw.
  it("answers the default locale alone", () => {
    expect(siteLocalesNow()).toEqual([{ code: "en", name: "English", state: "public", isDefault: true }]);
    expect(defaultLocaleCode()).toBe("en");
  });

  it("reads a visit's locale from its address, the default where it has no prefix", () => {
    const query = new PgDialect().sqlToQuery(localeOfPathSql(sql`v.entry`));
    expect(query.sql).toContain("split_part(v.entry, '/', 2) in ('");
    expect(query.sql).toMatch(/else 'en' end\)$/);
  });
});
