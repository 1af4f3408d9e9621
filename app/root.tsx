import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
// Imported for its side effect so the server links exactly the stylesheet the client build emits.
import "./app.css";
// The icons are a stylesheet of their own: a cached page inlines its first screen's few and
// applies the rest after the first paint (server/first-paint/first-paint.ts).
import glyphsHref from "./components/site/glyphs.css?url";
import { DocumentLinks, DocumentMeta, DocumentScripts, DocumentScrollRestoration } from "./components/document-assets";
import { useNonce } from "./components/nonce";
import type { RootData } from "./components/root-data";
import { COOKIE_CONSENT_SCRIPT } from "./components/site/cookie-consent.inline";
import { MOBILE_MENU_SCRIPT } from "./components/site/mobile-menu-script.inline";
import { PRODUCT_NAME } from "./features/content/catalogue/settings";
import { brandThemeCss } from "./features/content/settings/brand-theme";
import { getSettings } from "./features/content/read.server";
import { siteImages } from "~/features/uploads/images.server";
import { openGraphImageOf, withFocalPoints } from "~/features/media/focal.server";
import { pageMeta, type SiteSeo } from "./features/seo/seo";
import { siteOrigin } from "./platform/site-url.server";
import { getEnv } from "./platform/env.server";
import { uploadAddress } from "./features/uploads/upload-url";
import { previewBanner } from "./features/releases/preview/banner.server";
import type { AdminLanguage } from "./features/admin-i18n/language";
import { pageLocale } from "./features/seo/locale-alternates.server";
import { browserTexts } from "./features/locales/public-texts.server";

// On the server, React Router's <Links>, <Scripts> and <ScrollRestoration> kept per build and its
// <Meta>'s elements per tag (document-assets.tsx); the browser renders theirs, and its bundle leaves the keeping out.
const HeadMeta = import.meta.env.SSR ? DocumentMeta : Meta;
const HeadLinks = import.meta.env.SSR ? DocumentLinks : Links;
const KeptScrollRestoration = import.meta.env.SSR ? DocumentScrollRestoration : ScrollRestoration;
const BodyScripts = import.meta.env.SSR ? DocumentScripts : Scripts;

export async function loader({ request }: Route.LoaderArgs): Promise<RootData> {
  const [settings, images, locale] = await Promise.all([
    getSettings(),
    siteImages().then(withFocalPoints),
    pageLocale(new URL(request.url).pathname, siteOrigin(request)),
  ]);
  const openGraphImage = await openGraphImageOf(settings.og_image_url?.trim() || undefined);
  const uploadsBase = getEnv().S3_PUBLIC_URL;
  const seo: SiteSeo = {
    origin: siteOrigin(request),
    uploadsBase,
    defaultImageAlt: `${PRODUCT_NAME} Smart and Simple E-Wallet Service`,
    ...(openGraphImage && openGraphImage !== settings.og_image_url?.trim() ? { openGraphImage } : {}),
  };
  const texts = browserTexts();
  // Computed here so that the browser needs no colour code to hydrate the same style element.
  return {
    settings,
    seo,
    brandCss: brandCssOf(settings),
    images,
    uploadsBase,
    preview: previewBanner(),
    ...(locale ? { locale } : {}),
    ...(texts ? { texts } : {}),
  };
}

// The settings object is the content cache's own, the same one until the next content write.
const brandCssCache = new WeakMap<object, string>();
function brandCssOf(settings: Record<string, string>) {
  let css = brandCssCache.get(settings);
  if (css === undefined) {
    css = brandThemeCss(settings);
    brandCssCache.set(settings, css);
  }
  return css;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: glyphsHref }];

/** Pages without their own `meta` (404, errors) get the site's title and sharing tags. */
export const meta: Route.MetaFunction = (args) => pageMeta(args);

// The built-in icons; an uploaded favicon replaces every variant.
const defaultIcons = { small: "/favicon-16x16.png", regular: "/favicon.png", touch: "/apple-touch-icon.png" };

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // The dashboard is in its administrator's language; the public site is English.
  const adminLanguage = useRouteLoaderData<{ language?: AdminLanguage }>("routes/admin")?.language;
  const favicon = uploadAddress(data?.settings.favicon_url?.trim(), data?.uploadsBase);
  return (
    // The consent script marks <html> before React hydrates it.
    // A public page in another locale names it; the browser keeps what the server sent (its
    // bundle leaves this out: a change of locale is a new document).
    <html lang={import.meta.env.SSR ? (adminLanguage ?? data?.locale?.lang ?? "en") : (adminLanguage ?? "en")} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.settings.primary_color ?? "#4f46e5"} />
        {/* Scripts that ran before React did: the browser keeps the server's text (hydration does
            not write a script's content), so the page's bundle carries neither text. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? COOKIE_CONSENT_SCRIPT : "" }}
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? MOBILE_MENU_SCRIPT : "" }}
        />
        <HeadMeta />
        <HeadLinks />
        <link rel="icon" type="image/png" href={favicon || defaultIcons.regular} />
        <link rel="shortcut icon" type="image/png" href={favicon || defaultIcons.regular} />
        <link rel="apple-touch-icon" href={favicon || defaultIcons.touch} />
        <link rel="icon" type="image/png" sizes="16x16" href={favicon || defaultIcons.small} />
        <link rel="icon" type="image/png" sizes="32x32" href={favicon || defaultIcons.regular} />
        <style>{data?.brandCss ?? ""}</style>
        {data?.preview && <meta name="robots" content="noindex" />}
      </head>
      <body className="min-h-screen font-sans">
        {children}
        {/* A preview hydrates like the site; beside an editor it revalidates with the typed values (docs/releases.md). */}
        <KeptScrollRestoration nonce={nonce} />
        <BodyScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Oops! Page not found" : `${error.status} ${error.statusText}`;
    detail = error.status === 404 ? "The page you are looking for does not exist." : detail;
  }
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-600">{detail}</p>
      <a href="/" className="rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-foreground">
        Return to Home
      </a>
    </main>
  );
}
