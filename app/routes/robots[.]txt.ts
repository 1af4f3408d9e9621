import { siteOrigin } from "~/platform/site-url.server";
import { renderRobots } from "~/features/seo/sitemap.server";
import type { Route } from "./+types/robots[.]txt";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(renderRobots(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
