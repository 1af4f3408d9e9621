import type { ComponentType } from "react";
import { PageImages } from "~/components/site/site-image";
import { useSiteSettings } from "~/components/site/use-site-settings";
import type { LandingPageView } from "~/features/pages/view";
import type { BlockProps } from "./block-props";
import { blockComponents } from "./block-components";

/** A landing page: its blocks in order, each rendered by its type's component. */
export function LandingPage({ page }: { page: LandingPageView }) {
  const settings = useSiteSettings();
  const hasHero = page.blocks.some((block) => block.type === "hero");
  return (
    // Its blocks' images carry their recorded size and WebP copies (SiteImage).
    <PageImages value={page.images}>
      {/* A page always has one top-level heading: the hero's, or the page's title. */}
      {hasHero ? null : <h1 className="sr-only">{page.title}</h1>}
      {page.blocks.map((block, index) => {
        const Component = blockComponents[block.type] as ComponentType<BlockProps<typeof block.type>>;
        return (
          <Component key={block.id} id={`block-${index + 1}`} data={block.data} settings={settings} fees={page.fees} first={index === 0} />
        );
      })}
    </PageImages>
  );
}
