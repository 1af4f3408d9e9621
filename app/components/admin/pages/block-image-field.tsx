import { ImageUploadField } from "~/components/admin/image-upload";
import { Input, Label, FieldError } from "~/components/ui/input";
import type { BlockImage } from "~/features/pages/blocks/fields";
import { PAGE_IMAGE_UPLOAD_PATH } from "~/features/pages/editor-contract";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";

/** A block's image: uploaded through the site's pipeline, with its alt text or the decorative mark. */
export function BlockImageField({
  id,
  value,
  errors,
  onChange,
}: {
  id: string;
  value: BlockImage;
  errors: Record<string, string>;
  onChange: (value: BlockImage) => void;
}) {
  const { m, language } = useMessages();
  const altError = inLanguage(language, errors[`${id}.alt`]);
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{m.pages.block.image}</legend>
      <ImageUploadField
        target={{ section: "page_block" }}
        address={PAGE_IMAGE_UPLOAD_PATH}
        value={value.src}
        label={m.pages.block.imageFile}
        onChange={(src) => onChange({ ...value, src })}
      />
      <FieldError>{inLanguage(language, errors[`${id}.src`])}</FieldError>
      <div className="grid gap-1">
        <Label htmlFor={`${id}.alt`}>{m.pages.block.alt}</Label>
        <Input
          id={`${id}.alt`}
          value={value.alt}
          disabled={value.decorative}
          aria-invalid={altError ? true : undefined}
          aria-describedby={altError ? `${id}.alt-error` : undefined}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
        />
        <FieldError id={`${id}.alt-error`}>{altError}</FieldError>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={value.decorative} onChange={(event) => onChange({ ...value, decorative: event.target.checked })} />
        {m.pages.block.decorative}
      </label>
    </fieldset>
  );
}
