// A landing page of every block type (twelve blocks: the text-with-image block twice), made on a
// running server through the dashboard's own actions, for the benchmarks, Lighthouse and the
// public walks (axe, markup, first paint, the JavaScript budget).

/** Where the walks and audits publish the every-block page. */
export const EVERY_BLOCK_PATH = "/gift-season";

/** @param {string} type @param {Record<string, unknown>} data @param {number} index */
const block = (type, data, index) => ({ id: `bench-${index}`, type, data });

/** The twelve blocks, in the order a campaign page would use them. */
// long-function: one list of data, a block per entry
export function everyBlock() {
  const noImage = { src: "", alt: "", decorative: false };
  return [
    block(
      "hero",
      {
        badge: "Gift season",
        title: "Gifts that arrive in seconds",
        subtitle: "Send a gift card from your wallet to anyone, with no fees until January.",
        primaryText: "Open an account",
        primaryUrl: "/signup",
        secondaryText: "See the fees",
        secondaryUrl: "/fees",
        point1: "No fees until January",
        point2: "Delivered by e-mail",
        point3: "Refund any unused card",
        image: noImage,
      },
      1,
    ),
    block(
      "features",
      {
        title: "Why send a gift from your wallet",
        subtitle: "Four reasons people choose it.",
        items: [
          { title: "Instant", description: "The card arrives the moment you pay." },
          { title: "Personal", description: "Add a message and a picture." },
          { title: "Safe", description: "Every card is protected by your wallet's security." },
          { title: "Flexible", description: "Choose from the brands people love." },
        ],
      },
      2,
    ),
    block(
      "text_image",
      { title: "Pick, pay, send", text: "Choose a brand and an amount, then send it.", image: noImage, imageSide: "right" },
      3,
    ),
    block("gift_cards", { title: "Brands to choose from", subtitle: "Gift cards from the shops people use every day." }, 4),
    block("plans", { title: "Plans for every wallet" }, 5),
    block("fee_comparison", {}, 6),
    block("text_image", { title: "For teams too", text: "Send gifts to a whole team at once.", image: noImage, imageSide: "left" }, 7),
    block(
      "rich_text",
      {
        html: "<h2>How the offer works</h2><p>The offer runs <strong>until 31 January</strong>.</p><ul><li>One card per order</li><li>Any amount</li></ul>",
      },
      8,
    ),
    block(
      "faq",
      {
        title: "Questions about gift cards",
        items: [
          { question: "When does the card arrive?", answer: "Within a minute of payment." },
          { question: "Can I get a refund?", answer: "Unused cards can be refunded within 14 days." },
        ],
      },
      9,
    ),
    block(
      "app_download",
      {
        badge: "Coming soon",
        title: "Gifts from your phone",
        subtitle: "The app is on its way.",
        store1: "App Store",
        store2: "Google Play",
      },
      10,
    ),
    block(
      "cta",
      { title: "Ready to send your first gift?", text: "It takes two minutes.", buttonText: "Get started", buttonUrl: "/signup" },
      11,
    ),
    block(
      "disclaimer",
      { title: "Important information", text: "Gift cards are issued by their brands and are subject to their terms." },
      12,
    ),
  ];
}

const ADMIN = { email: "bench-admin@example.com", password: "bench-password-1", name: "bench" };

/**
 * The session cookie of the administrator: signs up the first account on a fresh server, or signs
 * `account` (or the first account) in on one that has it already.
 * @param {string} baseUrl @param {{ email: string; password: string }} [account]
 */
async function adminCookie(baseUrl, account) {
  const headers = { Origin: baseUrl, "content-type": "application/json" };
  const signIn = () => fetch(`${baseUrl}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify(account ?? ADMIN) });
  let signed = account
    ? await signIn()
    : await fetch(`${baseUrl}/api/auth/sign-up/email`, { method: "POST", headers, body: JSON.stringify(ADMIN) });
  if (!signed.ok && !account) signed = await signIn();
  if (!signed.ok) throw new Error(`could not sign in: ${signed.status}`);
  return signed.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

/** The second locale the audits and benchmarks switch on (its home: `/de`). */
export const SECOND_LOCALE = "de";

/**
 * Switches a locale on (added and public) through the dashboard's own actions, unless the server
 * answers its home already. Its pages show English's texts through the fallback, with its own
 * fixed texts and language. Answers the locale's home.
 * @param {string} baseUrl @param {string} code @param {{ account?: { email: string; password: string } }} [options]
 */
export async function ensureLocale(baseUrl, code, { account } = {}) {
  const home = `/${code}`;
  const existing = await fetch(`${baseUrl}${home}`);
  await existing.arrayBuffer();
  if (existing.status === 200) return home;
  const cookie = await adminCookie(baseUrl, account);
  /** @type {Record<string, string>[]} */
  const steps = [
    { intent: "add-locale", code },
    { intent: "set-locale-state", code, state: "public", override: "on" },
  ];
  for (const fields of steps) {
    const response = await fetch(`${baseUrl}/admin/other/locales`, {
      method: "POST",
      headers: { Origin: baseUrl, cookie },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status >= 400 && response.status !== 409) throw new Error(`${fields.intent} ${code} refused: ${response.status}`);
  }
  return home;
}

/**
 * Switches the second locale on (see ensureLocale). Answers its home.
 * @param {string} baseUrl @param {{ account?: { email: string; password: string } }} [options]
 */
export const ensureSecondLocale = (baseUrl, options = {}) => ensureLocale(baseUrl, SECOND_LOCALE, options);

/**
 * Signs up the first account (the administrator) on a fresh server, or signs `account` in on one
 * that has its administrator already, and publishes `blocks` at `path`. Answers the session
 * cookie and the page id.
 * @param {string} baseUrl @param {string} path @param {unknown[]} blocks
 * @param {{ account?: { email: string; password: string } }} [options]
 */
export async function publishLandingPage(baseUrl, path, blocks, { account } = {}) {
  const origin = { Origin: baseUrl };
  const cookie = await adminCookie(baseUrl, account);
  /** @param {Record<string, string>} fields */
  const post = async (fields) => {
    const response = await fetch(`${baseUrl}/admin/other/pages`, {
      method: "POST",
      headers: { ...origin, cookie },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    if (response.status >= 400) throw new Error(`${fields.intent} refused: ${response.status}`);
    await response.arrayBuffer();
  };
  await post({ intent: "create-page", title: "Gift season", path });
  const list = await (await fetch(`${baseUrl}/admin/other/pages`, { headers: { cookie } })).text();
  // The newest page has the highest id.
  const ids = [...list.matchAll(/page=(\d+)/g)].map((match) => Number(match[1]));
  const id = ids.length > 0 ? String(Math.max(...ids)) : undefined;
  if (!id) throw new Error("the new page is not listed");
  const seo = { title: "", description: "", canonical: "", ogImage: "", noindex: false };
  await post({ intent: "save-page", id, title: "Gift season", path, blocks: JSON.stringify(blocks), seo: JSON.stringify(seo) });
  await post({ intent: "publish-page", id });
  return { cookie, id: Number(id) };
}

/**
 * The every-block page at EVERY_BLOCK_PATH, published unless a server that carries on from an
 * earlier run (the end-to-end workers keep their data) answers it already. Answers its path.
 * @param {string} baseUrl @param {{ account?: { email: string; password: string } }} [options]
 */
export async function ensureEveryBlockPage(baseUrl, options) {
  const existing = await fetch(`${baseUrl}${EVERY_BLOCK_PATH}`);
  await existing.arrayBuffer();
  if (existing.status !== 200) await publishLandingPage(baseUrl, EVERY_BLOCK_PATH, everyBlock(), options);
  return EVERY_BLOCK_PATH;
}

/** The every-block page's German version's address (its page's version in SECOND_LOCALE). */
export const LOCALIZED_EVERY_BLOCK_PATH = `/${SECOND_LOCALE}/geschenk-saison`;

/**
 * The address of the every-block page's version in `code`: German's own, the others' the English
 * path under their prefix (the same address in two locales is allowed).
 * @param {string} code
 */
export const localizedEveryBlockPath = (code) => (code === SECOND_LOCALE ? LOCALIZED_EVERY_BLOCK_PATH : `/${code}${EVERY_BLOCK_PATH}`);

/**
 * The every-block page's version in `code` (the second locale unless given), at
 * localizedEveryBlockPath(code), published through the dashboard's own actions (the locale
 * switched on and the page made first) unless the server answers it already. Answers its address.
 * @param {string} baseUrl @param {{ account?: { email: string; password: string }; code?: string }} [options]
 */
export async function ensureLocalizedEveryBlockPage(baseUrl, options = {}) {
  const code = options.code ?? SECOND_LOCALE;
  const address = localizedEveryBlockPath(code);
  const existing = await fetch(`${baseUrl}${address}`);
  await existing.arrayBuffer();
  if (existing.status === 200) return address;
  await ensureLocale(baseUrl, code, options);
  await ensureEveryBlockPage(baseUrl, options);
  const cookie = await adminCookie(baseUrl, options.account);
  const list = await (await fetch(`${baseUrl}/admin/other/pages`, { headers: { cookie } })).text();
  // The list's line of the page: `/gift-season · … · page:<id>`.
  const id = new RegExp(`${EVERY_BLOCK_PATH} · [^<]*?page:(\\d+)`).exec(list)?.[1];
  if (!id) throw new Error("the every-block page is not listed");
  const blocks = everyBlock();
  Object.assign(blocks[0].data, {
    badge: "Geschenksaison",
    title: "Geschenke, die in Sekunden ankommen",
    subtitle: "Senden Sie eine Geschenkkarte aus Ihrer Wallet, bis Januar ohne Gebühren.",
  });
  const seo = { title: "", description: "", canonical: "", ogImage: "", noindex: false };
  const path = address.slice(code.length + 1);
  /** @type {Record<string, string>[]} */
  const steps = [
    {
      intent: "save-page",
      id,
      locale: code,
      title: "Geschenksaison",
      path,
      blocks: JSON.stringify(blocks),
      seo: JSON.stringify(seo),
    },
    { intent: "publish-page", id, locale: code },
  ];
  for (const fields of steps) {
    const response = await fetch(`${baseUrl}/admin/other/pages`, {
      method: "POST",
      headers: { Origin: baseUrl, cookie },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${fields.intent} (${code}) refused: ${response.status}`);
  }
  return address;
}
