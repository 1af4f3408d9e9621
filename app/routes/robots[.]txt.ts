import { siteOrigin } from "~/lib/site-url.server";
import { renderRobots } from "~/lib/sitemap.server";
import type { Route } from "./+types/robots[.]txt";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(renderRobots(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
