// The areas kept in modules of their own (catalogue/ru/*.ts, catalogue/en/*.ts): the answers the
// features give are the Russian catalogue's texts, so inLanguage shows them in English; the
// activity log describes its entries in either language; counts and dates follow the language.
import { describe, expect, it } from "vitest";
import { activityQuerySchema, describeKind, historyExportMessages } from "~/features/activity/schema";
import { backupMessages } from "~/features/backup/schema";
import { messageTexts } from "~/features/contact/messages-schema";
import { historyMessages } from "~/features/history/schema";
import { blockMessages } from "~/features/pages/blocks/fields";
import { pageMessages } from "~/features/pages/schema";
import { slugMessages } from "~/features/pages/slug";
import { SEO_TITLE_WARN, seoWarnings } from "~/features/seo/seo-fields";
import { releaseMessages } from "~/features/releases/messages";
import { previewMessages } from "~/features/releases/preview/preview";
import { settingMessages } from "~/features/content/settings/schema";
import { teamMessages } from "~/features/team/schema";
import { twoFactorMessages } from "~/features/auth/two-factor-schema";
import { CLOSED_SIGN_UP_MESSAGE } from "~/features/auth/schema";
import { localeMessages } from "~/features/locales/schema";
import { parseStatisticsQuery, problemsMessage } from "~/features/statistics/query";
import { en } from "./catalogue/en";
import { ru } from "./catalogue/ru";
import { inLanguage } from "./messages";

const answers = {
  "activity (the log's filters)": [historyExportMessages.invalid, ...activityQuerySchemaMessages()],
  backups: Object.values(backupMessages),
  inbox: Object.values(messageTexts),
  history: Object.values(historyMessages).filter((text) => text !== historyMessages.invalidVersion),
  "landing pages' blocks": Object.values(blockMessages),
  "landing pages' addresses": Object.values(slugMessages),
  "landing pages": Object.values(pageMessages),
  releases: Object.values(releaseMessages),
  "releases' preview links": [
    previewMessages.invalidRequest,
    previewMessages.unknownRelease,
    previewMessages.unknownLink,
    previewMessages.created,
    previewMessages.revoked,
  ],
  settings: Object.values(settingMessages),
  team: Object.values(teamMessages),
  "two-factor sign-in": Object.values(twoFactorMessages),
  "sign-up": [CLOSED_SIGN_UP_MESSAGE],
  "site languages": Object.values(localeMessages).filter((text) => typeof text === "string"),
};

function activityQuerySchemaMessages() {
  const parsed = activityQuerySchema.safeParse({ from: "2026-13-45", area: "Bad Area", person: "a\u0000b" });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("the features' answers in the converted areas", () => {
  it.each(Object.entries(answers))("%s: each is a Russian catalogue text with an English one of its own", (_area, texts) => {
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      const english = inLanguage("en", text);
      expect(english, text).not.toBe(text);
      expect(english, text).not.toMatch(/[а-яё]/i);
      expect(inLanguage("ru", text)).toBe(text);
    }
  });

  it("the SEO length warning the editor shows is the catalogue's text, in Russian the feature's own", () => {
    const warning = seoWarnings({ title: "x".repeat(SEO_TITLE_WARN + 1), description: "" }).title;
    expect(ru.seo.titleLong({ count: SEO_TITLE_WARN })).toBe(warning);
    expect(en.seo.titleLong({ count: SEO_TITLE_WARN })).toBe("The title is longer than 60 characters: search engines will cut it");
  });
});

describe("the activity log in the administrator's language", () => {
  it("describes an event by its area and action, unknown ones as stored", () => {
    expect(describeKind("content.update", "content")).toBe("Контент сайта: изменение");
    expect(describeKind("content.update", "content", en.activity)).toBe("Site content: changed");
    expect(describeKind("releases.send_back", "releases", en.activity)).toBe("Releases: sent back for changes");
    expect(describeKind("widgets.polish_all", "widgets", en.activity)).toBe("widgets: polish all");
  });

  it("counts with the language's grouping and plural", () => {
    expect(ru.activity.allContent({ changed: 12 })).toBe("Весь контент (12 изм.)");
    expect(en.activity.allContent({ changed: 1234 })).toBe("All content (1,234 changed)");
    expect(en.inbox.attempts({ count: 1 })).toBe(" (1 attempt)");
    expect(en.inbox.attempts({ count: 3 })).toBe(" (3 attempts)");
    expect(en.pages.summary({ path: "/offer", status: en.pages.statuses.draft, blocks: 1, id: 7 })).toBe(
      "/offer · Draft · 1 block · page:7",
    );
    expect(ru.pages.summary({ path: "/offer", status: ru.pages.statuses.draft, blocks: 3, id: 7 })).toBe(
      "/offer · Черновик · блоков: 3 · page:7",
    );
  });
});

describe("the areas converted last", () => {
  it("statistics name a bad URL's parameters in the administrator's language, in Russian as before", () => {
    const url = new URL("http://localhost/admin/other/statistics?range=7d&page=%2Ffaq%00&range=30d");
    const limits = { now: new Date("2026-11-28T12:00:00Z"), keepMonths: 13 };
    const russian = parseStatisticsQuery(url, limits).problems;
    expect(russian).toEqual(["Параметр range указан несколько раз", "Параметр page: недопустимые символы"]);
    const english = parseStatisticsQuery(url, limits, en.statistics).problems;
    expect(english).toEqual(["The parameter range is given more than once", "Parameter page: characters not allowed"]);
    expect(problemsMessage(english, en.statistics)).not.toMatch(/[а-яё]/i);
  });

  it("counts menu items and formats statistics' figures with the language's plural and grouping", () => {
    expect(ru.menu.count({ count: 3 })).toBe("3 пункта");
    expect(ru.menu.count({ count: 5 })).toBe("5 пунктов");
    expect(en.menu.count({ count: 1 })).toBe("1 item");
    expect(en.statistics.live({ count: 12345 })).toBe("12,345 in the last 5 minutes");
  });

  it("has no Cyrillic in any English text of the converted areas", () => {
    const areas = [en.content, en.menu, en.releases, en.settings, en.statistics, en.team, en.twoFactor, en.login, en.other];
    const texts: string[] = [];
    const walk = (node: unknown) => {
      if (typeof node === "string") texts.push(node);
      else if (typeof node === "function") texts.push(String((node as (p: never) => string)(new Proxy({}, { get: () => "x" }) as never)));
      else if (node && typeof node === "object") Object.values(node).forEach(walk);
    };
    areas.forEach(walk);
    expect(texts.filter((text) => /[а-яё]/i.test(text))).toEqual([]);
  });
});
