import { ImageUploadField } from "~/components/admin/image-upload";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import { useUploadAddress } from "~/components/use-upload-address";
import { PAGE_IMAGE_UPLOAD_PATH, type SeoDefaults } from "~/features/pages/editor-contract";
import { SEO_DESCRIPTION_WARN, SEO_TITLE_WARN, seoWarnings, type PageSeoFields } from "~/features/seo/seo-fields";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

/**
 * A page's search and sharing fields, each empty one showing the site-wide default it falls back
 * to, with length warnings and previews of the search result and of the social card.
 */
// long-function: one form: the fields, their warnings and the two previews read top to bottom
export function SeoPanel({
  seo,
  pageTitle,
  path,
  origin,
  defaults,
  errors,
  onChange,
}: {
  seo: PageSeoFields;
  pageTitle: string;
  path: string;
  origin: string;
  defaults: SeoDefaults;
  errors: Record<string, string>;
  onChange: (seo: PageSeoFields) => void;
}) {
  const { m, language } = useMessages();
  const uploadAddress = useUploadAddress();
  const set =
    <K extends keyof PageSeoFields>(key: K) =>
    (value: PageSeoFields[K]) =>
      onChange({ ...seo, [key]: value });
  // The home page has no name of its own: its title is the site title alone, as on the site.
  const name = seo.title || pageTitle;
  const title = name ? `${name} | ${defaults.siteTitle}` : defaults.siteTitle;
  const description = seo.description || defaults.description;
  const url = `${origin}${seo.canonical || path}`;
  const image = seo.ogImage || defaults.ogImage;
  // Which fields are long is the feature's rule; what it says is the catalogue's, in the administrator's language.
  const long = seoWarnings({ title, description });
  const warnings = {
    title: long.title ? m.seo.titleLong({ count: SEO_TITLE_WARN }) : undefined,
    description: long.description ? m.seo.descriptionLong({ count: SEO_DESCRIPTION_WARN }) : undefined,
  };
  const field = (key: "title" | "description" | "canonical", label: string, placeholder: string, long = false) => {
    const id = `seo.${key}`;
    const message = inLanguage(language, errors[id] ?? errors[key]);
    const warning = key === "title" || key === "description" ? warnings[key] : undefined;
    const Control = long ? Textarea : Input;
    return (
      <div className="grid gap-1">
        <Label htmlFor={id}>{label}</Label>
        <Control
          id={id}
          value={seo[key]}
          placeholder={placeholder}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-note`}
          onChange={(event: { target: { value: string } }) => set(key)(event.target.value)}
        />
        <p id={`${id}-note`} className="text-xs text-slate-600">
          {key === "canonical" ? m.seo.canonicalEmpty : m.seo.characters({ count: seo[key].length })}
          {warning ? <span className="ml-2 font-medium text-amber-700">{warning}</span> : null}
        </p>
        <FieldError>{message}</FieldError>
      </div>
    );
  };
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        {field("title", m.seo.metaTitle, pageTitle || defaults.siteTitle)}
        {field("description", m.seo.metaDescription, defaults.description, true)}
        {field("canonical", m.seo.canonical, path)}
        <ImageUploadField
          target={{ section: "page_og" }}
          address={PAGE_IMAGE_UPLOAD_PATH}
          value={seo.ogImage}
          label={m.seo.ogImage}
          onChange={set("ogImage")}
        />
        <FieldError>{inLanguage(language, errors["seo.ogImage"] ?? errors.ogImage)}</FieldError>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={seo.noindex} onChange={(event) => set("noindex")(event.target.checked)} />
          {m.seo.noindex}
        </label>
      </div>
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <section aria-labelledby="search-preview" className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 id="search-preview" className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {m.seo.searchResult}
          </h3>
          <p className="truncate text-xs text-slate-700">{url}</p>
          <p className="truncate text-lg text-[#1a0dab]">{title.length > 60 ? `${title.slice(0, 59)}…` : title}</p>
          <p className="line-clamp-2 text-sm text-slate-700">{description.length > 160 ? `${description.slice(0, 159)}…` : description}</p>
          {seo.noindex ? <p className="mt-2 text-xs font-medium text-amber-700">{m.seo.noindexNote}</p> : null}
        </section>
        <section aria-labelledby="social-preview" className="overflow-hidden rounded-lg border border-slate-200 bg-white">
          <h3 id="social-preview" className="px-4 pt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {m.seo.social}
          </h3>
          <img
            src={uploadAddress(image)}
            alt=""
            className="mt-2 aspect-[1200/630] w-full bg-slate-100 object-cover"
            style={{ objectPosition: defaults.imagePositions[image] }}
          />
          <div className="p-4">
            <p className="text-xs text-slate-600 uppercase">{new URL(origin).host}</p>
            <p className="font-semibold text-slate-900">{title}</p>
            <p className="line-clamp-2 text-sm text-slate-700">{description}</p>
          </div>
        </section>
      </div>
    </div>
  );
}
