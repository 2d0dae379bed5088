import { useState } from 'preact/hooks';
import { api, type DocumentType, type TemplateField } from '../api';
import { blankField, FieldEditor } from '../field-editor';
import { applyChange, DataTable, ErrorNote, formText, Loaded, Page, percent, RowButton, useLoad, useSubmit } from '../ui';

interface ListedType extends DocumentType {
  confidenceThreshold: number;
  extractionSupported: boolean;
}

export function TypesScreen() {
  const types = useLoad(() => api<{ types: ListedType[] }>('GET', '/api/documents/types').then((body) => body.types), []);
  const [fields, setFields] = useState<TemplateField[] | null>(null);
  const create = useSubmit(async (formElement) => {
    const text = formText(new FormData(formElement));
    await api('POST', '/api/documents/types', {
      typeCode: text('typeCode'),
      displayName: text('displayName'),
      description: text('description'),
      confidenceThreshold: Number(text('confidenceThreshold')),
      fields: (fields ?? []).map(({ name, type, description, required }) => ({ name, type: type === 'list' ? 'string' : type, description, required })),
      keywords: text('keywords') ? text('keywords').split(',').map((keyword) => keyword.trim()).filter(Boolean) : undefined,
    });
    setFields(null);
    types.reload();
  });

  const remove = (type: ListedType) =>
    applyChange(() => api('DELETE', `/api/documents/types/${type.typeCode}`), { question: `Remove the type "${type.displayName}"?`, onDone: types.reload, onError: create.setError });

  return (
    <Page
      title="Document types"
      actions={
        !fields && (
          <button type="button" onClick={() => setFields([blankField()])}>
            New type
          </button>
        )
      }
    >
      <p class="muted">The types the classifier recognises. The organization's own types are used at once, with no restart; built-in types cannot be changed.</p>
      {fields && (
        <form class="card stack" onSubmit={create.onSubmit} aria-labelledby="type-form">
          <h2 id="type-form">New document type</h2>
          <label>
            Type code <span class="muted">(lowercase letters, digits, underscores)</span>
            <input name="typeCode" required pattern="[a-z][a-z0-9_]{1,63}" />
          </label>
          <label>
            Display name
            <input name="displayName" required />
          </label>
          <label>
            Description <span class="muted">(the classifier reads it)</span>
            <textarea name="description" required rows={2} />
          </label>
          <label>
            Confidence threshold
            <input name="confidenceThreshold" type="number" min={0} max={1} step={0.05} value={0.6} required />
          </label>
          <label>
            Keywords <span class="muted">(comma-separated, optional)</span>
            <input name="keywords" />
          </label>
          <FieldEditor label="Fields" fields={fields} onChange={setFields} />
          <div class="toolbar">
            <button type="submit">Save type</button>
            <button type="button" class="secondary" onClick={() => setFields(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ErrorNote>{create.error ?? types.error}</ErrorNote>
      <Loaded state={types} empty="No document types.">
        {(list) => (
          <DataTable columns={['Code', 'Name', 'Description', 'Threshold']} withActions>
            {list.map((type) => (
              <tr>
                <td>
                  <code>{type.typeCode}</code>
                </td>
                <td>{type.displayName}</td>
                <td>{type.description}</td>
                <td>{percent(type.confidenceThreshold)}</td>
                <td>
                  <RowButton label="Remove" subject={type.displayName} class="secondary" onClick={() => remove(type)} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </Page>
  );
}
