import { AppComingSoon } from "~/components/site/app-coming-soon";
import { pageMeta } from "~/features/seo/seo";
import type { Route } from "./+types/_public.signup";
import { cachedPublicPage } from "~/platform/page-cache-handle";

/** The same for every visitor, and it reads no query parameter: served from the page cache. */
export const handle = cachedPublicPage;

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Sign up" });

export default function Signup() {
  return (
    <AppComingSoon
      icon="user-plus"
      title="Open your account"
      text="Our customer web app is opening soon. Contact us to get early access and open your account first."
    />
  );
}
