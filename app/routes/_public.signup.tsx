import { AppComingSoon } from "~/components/site/app-coming-soon";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/_public.signup";

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
