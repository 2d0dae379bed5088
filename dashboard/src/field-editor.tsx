import { FIELD_TYPES, type FieldType, type TemplateField } from './api';

export const blankField = (): TemplateField => ({ name: '', type: 'string', description: '' });

/** Edits a list of fields (name, one of the ten types, description, required); a `list` field gets its own sub-fields. */
export function FieldEditor({ fields, onChange, label, nested = false }: { fields: TemplateField[]; onChange: (fields: TemplateField[]) => void; label: string; nested?: boolean }) {
  const change = (index: number, patch: Partial<TemplateField>) => onChange(fields.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const types = nested ? FIELD_TYPES.filter((type) => type !== 'list') : FIELD_TYPES;
  return (
    <fieldset class={`fields${nested ? ' nested' : ''}`}>
      <legend>{label}</legend>
      {fields.length === 0 && <p class="empty">No fields yet: add one.</p>}
      {fields.map((field, index) => {
        const number = index + 1;
        return (
          <div class="field-row">
            <label>
              Name <span class="visually-hidden">of {label.toLowerCase()} {number}</span>
              <input value={field.name} required pattern="[A-Za-z_][A-Za-z0-9_]{0,63}" title="letters, digits and underscores, not starting with a digit" onInput={(event) => change(index, { name: (event.target as HTMLInputElement).value })} />
            </label>
            <label>
              Type <span class="visually-hidden">of {label.toLowerCase()} {number}</span>
              <select
                value={field.type}
                onChange={(event) => {
                  const type = (event.target as HTMLSelectElement).value as FieldType;
                  change(index, { type, fields: type === 'list' ? (field.fields ?? []) : undefined });
                }}
              >
                {types.map((type) => (
                  <option>{type}</option>
                ))}
              </select>
            </label>
            <label class="grow">
              Description <span class="visually-hidden">of {label.toLowerCase()} {number}</span>
              <input value={field.description} required onInput={(event) => change(index, { description: (event.target as HTMLInputElement).value })} />
            </label>
            <label class="inline">
              <input type="checkbox" checked={field.required ?? false} onChange={(event) => change(index, { required: (event.target as HTMLInputElement).checked || undefined })} /> Required
            </label>
            <button type="button" class="secondary" aria-label={`Remove ${label.toLowerCase()} ${number}`} onClick={() => onChange(fields.filter((_, at) => at !== index))}>
              Remove
            </button>
            {field.type === 'list' && (
              <FieldEditor nested label={`Sub-fields of ${field.name || `field ${number}`}`} fields={field.fields ?? []} onChange={(sub) => change(index, { fields: sub.length ? sub : undefined })} />
            )}
          </div>
        );
      })}
      <button type="button" class="secondary" onClick={() => onChange([...fields, blankField()])}>
        Add {nested ? 'sub-field' : 'field'}
      </button>
    </fieldset>
  );
}
