// Blocks made of the site's shared parts (Section, SectionHeading, CtaLink, SiteImage).
import { Glyph } from "~/components/site/glyph";
import { CtaLink } from "~/components/site/cta-link";
import { Section, SectionHeading } from "~/components/site/section";
import { SiteImage } from "~/components/site/site-image";
import type { BlockProps } from "./block-props";

export function TextImageBlock({ id, data, first }: BlockProps<"text_image">) {
  const image = data.image;
  return (
    <Section labelledBy={`${id}-title`} innerClassName="grid items-center gap-12 lg:grid-cols-2">
      <div className={data.imageSide === "left" ? "lg:order-2" : undefined}>
        <SectionHeading id={`${id}-title`} align="left" title={data.title} />
        <p className="mt-6 text-lg leading-relaxed whitespace-pre-line text-slate-600">{data.text}</p>
      </div>
      {image.src ? (
        <SiteImage
          src={image.src}
          alt={image.decorative ? "" : image.alt}
          priority={first}
          sizes="(min-width: 1024px) 600px, 100vw"
          className="h-auto w-full rounded-3xl shadow-xl"
        />
      ) : (
        <div aria-hidden="true" className="page-hero-surface hidden aspect-[4/3] place-items-center rounded-3xl lg:grid">
          <Glyph name="wallet" className="size-16 text-brand" />
        </div>
      )}
    </Section>
  );
}

export function RichTextBlock({ data }: BlockProps<"rich_text">) {
  return (
    <div
      className="legal-content mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16"
      // Sanitised on the server against the legal editor's allowlist, on save and on read.
      dangerouslySetInnerHTML={{ __html: data.html }}
    />
  );
}

export function CtaBlock({ id, data }: BlockProps<"cta">) {
  return (
    <Section labelledBy={`${id}-title`}>
      <div className="hero-surface rounded-[2rem] px-6 py-14 text-center sm:px-12 sm:py-16">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          {data.title}
        </h2>
        {data.text ? <p className="mx-auto mt-4 max-w-xl text-lg text-white/85">{data.text}</p> : null}
        <div className="mt-8 flex justify-center">
          <CtaLink to={data.buttonUrl} variant="light" size="lg">
            {data.buttonText}
            <Glyph name="arrow-right" />
          </CtaLink>
        </div>
      </div>
    </Section>
  );
}

export function DisclaimerBlock({ id, data }: BlockProps<"disclaimer">) {
  return (
    <Section labelledBy={`${id}-title`} padding="compact">
      <div
        role="note"
        aria-labelledby={`${id}-title`}
        className="mx-auto flex max-w-4xl gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-6"
      >
        <Glyph name="shield-check" className="size-6 shrink-0 text-amber-700" />
        <div>
          <h2 id={`${id}-title`} className="font-semibold text-slate-900">
            {data.title}
          </h2>
          <p className="mt-1.5 text-sm leading-relaxed whitespace-pre-line text-slate-700">{data.text}</p>
        </div>
      </div>
    </Section>
  );
}
