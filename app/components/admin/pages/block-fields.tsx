import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/input";
import type { BlockImage } from "~/features/pages/blocks/fields";
import { BlockImageField } from "./block-image-field";
import { useMessages } from "~/components/admin/i18n/messages-context";
import { inLanguage } from "~/features/admin-i18n/messages";
import { choiceLabel, fieldLabel, longFields, richTextFields } from "./field-labels";
import { RichTextField } from "./rich-text-field";

type Value = unknown;
type Data = Record<string, Value>;

const isImage = (value: Value): value is BlockImage =>
  !!value && typeof value === "object" && "src" in value && "alt" in value && "decorative" in value;

/** Choices of enumerated fields, read from the field name (the schemas' enums). */
const choices: Record<string, string[]> = { imageSide: ["left", "right"] };

interface FieldProps {
  /** The field's path, as the server names its errors: `blocks.2.items.0.title`. */
  id: string;
  name: string;
  value: Value;
  errors: Record<string, string>;
  onChange: (value: Value) => void;
}

function TextField({ id, name, value, errors, onChange }: FieldProps) {
  const { m, language } = useMessages();
  const error = inLanguage(language, errors[id]);
  const Control = longFields.has(name) ? Textarea : Input;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{fieldLabel(m, name)}</Label>
      <Control
        id={id}
        value={String(value ?? "")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event: { target: { value: string } }) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function ChoiceField({ id, name, value, onChange }: FieldProps) {
  const { m } = useMessages();
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{fieldLabel(m, name)}</Label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
        className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm"
      >
        {choices[name]!.map((choice) => (
          <option key={choice} value={choice}>
            {choiceLabel(m, choice)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list of items (features, questions): each item's fields, with add and remove unless the count is fixed. */
function ItemsField({ id, name, value, errors, onChange, fixed }: FieldProps & { fixed: boolean }) {
  const { m, language } = useMessages();
  const list = Array.isArray(value) ? (value as Data[]) : [];
  const error = inLanguage(language, errors[id]);
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{fieldLabel(m, name)}</legend>
      {list.map((item, index) => (
        <div key={index} className="grid gap-2 rounded-md bg-slate-50 p-3">
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold text-slate-600">{m.pages.block.item({ number: index + 1 })}</span>
            {fixed ? null : (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={m.pages.block.removeItem({ number: index + 1 })}
                disabled={list.length <= 1}
                onClick={() => onChange(list.filter((_, other) => other !== index))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            )}
          </div>
          <BlockFields
            id={`${id}.${index}`}
            data={item}
            errors={errors}
            onChange={(next) => onChange(list.map((old, other) => (other === index ? next : old)))}
          />
        </div>
      ))}
      {fixed ? null : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...list, Object.fromEntries(Object.keys(list[0] ?? {}).map((key) => [key, ""]))])}
        >
          <Plus aria-hidden="true" /> {m.pages.block.addItem}
        </Button>
      )}
      <FieldError>{error}</FieldError>
    </fieldset>
  );
}

/**
 * Every field of a block's data, chosen by the value's shape: text, a choice, an image, a list,
 * or rich text (the legal pages' editor) for the fields that hold sanitised HTML.
 * A new block type needs no editor code of its own.
 */
export function BlockFields({
  id,
  data,
  errors,
  onChange,
  fixedLists = [],
}: {
  id: string;
  data: Data;
  errors: Record<string, string>;
  onChange: (data: Data) => void;
  fixedLists?: readonly string[];
}) {
  const { m, language } = useMessages();
  const set = (name: string) => (value: Value) => onChange({ ...data, [name]: value });
  return (
    <div className="grid gap-3">
      {Object.entries(data).map(([name, value]) => {
        const props = { id: `${id}.${name}`, name, value, errors, onChange: set(name) };
        if (isImage(value)) return <BlockImageField key={name} id={props.id} value={value} errors={errors} onChange={set(name)} />;
        if (Array.isArray(value)) return <ItemsField key={name} {...props} fixed={fixedLists.includes(name)} />;
        if (choices[name]) return <ChoiceField key={name} {...props} />;
        if (richTextFields.has(name))
          return (
            <RichTextField
              key={name}
              id={props.id}
              label={fieldLabel(m, name)}
              value={String(value ?? "")}
              error={inLanguage(language, errors[props.id])}
              onChange={set(name)}
            />
          );
        return <TextField key={name} {...props} />;
      })}
    </div>
  );
}
