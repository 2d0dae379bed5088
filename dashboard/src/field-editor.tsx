import { FIELD_TYPES, type FieldType, type TemplateField } from './api';
import { EditableRows } from './ui';

export const blankField = (): TemplateField => ({ name: '', type: 'string', description: '' });

/** Edits a list of fields (name, one of the ten types, description, required); a `list` field gets its own sub-fields. */
export function FieldEditor({ fields, onChange, label, nested = false }: { fields: TemplateField[]; onChange: (fields: TemplateField[]) => void; label: string; nested?: boolean }) {
  const types = nested ? FIELD_TYPES.filter((type) => type !== 'list') : FIELD_TYPES;
  const noun = label.toLowerCase();
  return (
    <fieldset class={`fields${nested ? ' nested' : ''}`}>
      <legend>{label}</legend>
      <EditableRows
        rows={fields}
        onChange={onChange}
        noun={noun}
        addLabel={`Add ${nested ? 'sub-field' : 'field'}`}
        blank={blankField}
        empty="No fields yet: add one."
        below={(field, set, number) =>
          field.type === 'list' && (
            <FieldEditor nested label={`Sub-fields of ${field.name || `field ${number}`}`} fields={field.fields ?? []} onChange={(sub) => set({ ...field, fields: sub.length ? sub : undefined })} />
          )
        }
      >
        {(field, set, number) => (
          <>
            <label>
              Name <span class="visually-hidden">of {noun} {number}</span>
              <input value={field.name} required pattern="[A-Za-z_][A-Za-z0-9_]{0,63}" title="letters, digits and underscores, not starting with a digit" onInput={(event) => set({ ...field, name: (event.target as HTMLInputElement).value })} />
            </label>
            <label>
              Type <span class="visually-hidden">of {noun} {number}</span>
              <select
                value={field.type}
                onChange={(event) => {
                  const type = (event.target as HTMLSelectElement).value as FieldType;
                  set({ ...field, type, fields: type === 'list' ? (field.fields ?? []) : undefined });
                }}
              >
                {types.map((type) => (
                  <option>{type}</option>
                ))}
              </select>
            </label>
            <label class="grow">
              Description <span class="visually-hidden">of {noun} {number}</span>
              <input value={field.description} required onInput={(event) => set({ ...field, description: (event.target as HTMLInputElement).value })} />
            </label>
            <label class="inline">
              <input type="checkbox" checked={field.required ?? false} onChange={(event) => set({ ...field, required: (event.target as HTMLInputElement).checked || undefined })} /> Required
            </label>
          </>
        )}
      </EditableRows>
    </fieldset>
  );
}
