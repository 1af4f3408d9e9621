import { AppComingSoon } from "~/components/site/app-coming-soon";
import { pageMeta } from "~/features/seo/seo";
import type { Route } from "./+types/_public.login";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Log in" });

export default function Login() {
  return (
    <AppComingSoon
      icon="log-in"
      title="Log in to your wallet"
      text="Our customer web app is opening soon. Contact us and we will help you with your account in the meantime."
    />
  );
}
