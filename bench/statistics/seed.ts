// The statistics benches' data: BENCH_PAGEVIEWS pageviews over the last 30 days and 22 hours,
// seeded with generate_series (not through the endpoint), and their goals.
import { sql } from "drizzle-orm";

/** Three pageviews a visit, spread over the last 30 days, with sources, campaigns and goals. */
export const seed = (count: number) => sql`
  insert into statistics_events (at, visitor, name, path, referrer, source, utm_source, utm_medium, utm_campaign, device, browser, os, language, country)
  select now() - ((i / 3) % 30) * interval '1 day' - (((i / 3) * 7919) % 80000) * interval '1 second' + (i % 3) * interval '40 seconds' - interval '2 minutes',
    i / 3, 'pageview',
    (array['/', '/home', '/features', '/fees', '/business', '/contact', '/faq', '/privacy', '/terms', '/aml-kyc', '/login', '/signup'])[1 + (i * 7) % 12],
    (array['', 'google.com', 'yandex.ru', 't.co', 'news.example', '', 'mail.example', ''])[1 + (i / 3) % 8],
    (array['Direct', 'Google', 'Yandex', 'X', 'news.example', 'newsletter', 'newsletter', 'Direct'])[1 + (i / 3) % 8],
    case when (i / 3) % 8 in (5, 6) then 'newsletter' else '' end,
    case when (i / 3) % 8 in (5, 6) then 'email' else '' end,
    case when (i / 3) % 8 in (5, 6) then 'campaign-' || ((i / 3) % 20) else '' end,
    (array['Mobile', 'Tablet', 'Laptop', 'Desktop'])[1 + (i / 3) % 4],
    (array['Chrome', 'Safari', 'Firefox', 'Edge', 'Yandex Browser'])[1 + (i / 3) % 5],
    (array['Android', 'iOS', 'Windows', 'macOS', 'Linux'])[1 + (i / 3) % 5],
    (array['ru', 'en', 'de', 'kk', 'uz', 'fr'])[1 + (i / 3) % 6],
    (array['RU', 'KZ', 'DE', 'US', 'UZ', 'FR', 'GB', 'NL', 'TR', 'AE'])[1 + (i / 3) % 10]
  from generate_series(0::bigint, ${count - 1}::bigint) as i`;
export const seedGoals = (count: number) => sql`
  insert into statistics_events (at, visitor, name, path)
  select now() - (v % 30) * interval '1 day' - ((v * 7919) % 80000) * interval '1 second' - interval '10 seconds',
    v, (array['signup', 'login', 'contact', 'gift_cards'])[1 + v % 4], '/'
  from generate_series(0::bigint, ${Math.floor(count / 3) - 1}::bigint, 50::bigint) as v`;
