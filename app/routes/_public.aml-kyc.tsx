import { LegalPage } from "~/components/site/legal-page";
import { loadLegalPage } from "~/lib/legal-pages.server";
import type { Route } from "./+types/_public.aml-kyc";

export const loader = () => loadLegalPage("aml-kyc");

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage html={loaderData.html} />;
}
