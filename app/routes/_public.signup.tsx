import { PagePlaceholder } from "~/components/site/page-placeholder";

export default function Page() {
  return <PagePlaceholder title="Open your account" subtitle="Our customer web app is opening soon. Contact us to get early access." />;
}
