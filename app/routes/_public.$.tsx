import { data, Link } from "react-router";
import { logger } from "~/lib/logger.server";
import type { Route } from "./+types/_public.$";

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "Page not found" }];

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand">404</p>
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <Link to="/" className="rounded-lg bg-brand px-4 py-2 font-semibold text-white">
        Return to Home
      </Link>
    </section>
  );
}
