import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
// Imported for its side effect so the server links exactly the stylesheet the client build emits.
import "./app.css";
import { useNonce } from "./components/nonce";
import { getSettings } from "./lib/content.server";

export async function loader() {
  const settings = await getSettings();
  return { settings };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Brand colours from settings as CSS variables; only well-formed colours reach the page. */
function brandCss(settings: Record<string, string> | undefined) {
  if (!settings) return "";
  const colours: [string, string | undefined][] = [
    ["--brand-primary", settings.primary_color],
    ["--brand-secondary", settings.secondary_color],
    ["--brand-accent", settings.accent_color],
  ];
  const declarations = colours
    .filter(([, value]) => value && HEX_COLOUR.test(value))
    .map(([name, value]) => `${name}:${value}`);
  return declarations.length > 0 ? `:root{${declarations.join(";")}}` : "";
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const favicon = data?.settings.favicon_url || "/favicon.png";
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <link rel="icon" type="image/png" href={favicon} />
        <link rel="shortcut icon" type="image/png" href={favicon} />
        <link rel="apple-touch-icon" href={favicon} />
        <link rel="icon" type="image/png" sizes="16x16" href={favicon} />
        <link rel="icon" type="image/png" sizes="32x32" href={favicon} />
        <style>{brandCss(data?.settings)}</style>
      </head>
      <body className="min-h-screen font-sans">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
      <a href="/" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
        Return to Home
      </a>
    </main>
  );
}
