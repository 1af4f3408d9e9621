import { LegalPage } from "~/components/site/legal-page";
import { loadLegalPage } from "~/lib/legal-pages.server";
import type { Route } from "./+types/_public.privacy";

export const loader = () => loadLegalPage("privacy");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage html={loaderData.html} />;
}
