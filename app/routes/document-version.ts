import { withBanner } from "~/features/archive/view.server";
import { documentOfPath } from "~/features/effective-dates/addresses";
import { archivedVersion } from "~/features/effective-dates/public.server";
import { versionParamsSchema } from "~/features/effective-dates/schema";
import type { Route } from "./+types/document-version";

/** No script of the archived page runs (its nonces were of their day); its stylesheets load from the site. */
const ARCHIVED_POLICY =
  "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const COMMON = { "X-Content-Type-Options": "nosniff", "X-Robots-Tag": "noindex" };

const notFound = () =>
  new Response("Not Found", {
    status: 404,
    headers: { ...COMMON, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /terms/versions/<entry>.html (and /fees/…, /privacy/…, /aml-kyc/…, under a locale's prefix
 * too): an earlier version of a legal page or of the fees exactly as the archive stored it, under a
 * banner "This version was in effect from X to Y". Only these documents, only their listed versions;
 * public and read-only. The query string is ignored (campaign tags), never read.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const document = documentOfPath(url.pathname, "versions");
  const parsed = versionParamsSchema.safeParse(params);
  if (!document || !parsed.success) return notFound();
  const version = await archivedVersion(document, parsed.data.version);
  if (!version) return notFound();
  return new Response(withBanner(version.html, version.banner), {
    headers: {
      ...COMMON,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": ARCHIVED_POLICY,
      // A stored version never changes; its period only if the archive is restored.
      "Cache-Control": "public, max-age=3600",
      "Content-Language": version.language,
      "X-Archive-Entry": String(parsed.data.version),
      "X-Archive-SHA256": version.sha256,
    },
  });
}
