import { useState } from 'preact/hooks';
import { api, messageOf, type DocumentType, type TemplateField } from '../api';
import { blankField, FieldEditor } from '../field-editor';
import { Empty, ErrorNote, Loading, Page, percent, useLoad } from '../ui';
import { issuesOf } from './templates';

interface ListedType extends DocumentType {
  confidenceThreshold: number;
  extractionSupported: boolean;
}

export function TypesScreen() {
  const types = useLoad(() => api<{ types: ListedType[] }>('GET', '/api/documents/types').then((body) => body.types), []);
  const [fields, setFields] = useState<TemplateField[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setError(null);
    try {
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
    } catch (caught) {
      setError(issuesOf(caught));
    }
  };

  const remove = async (type: ListedType) => {
    if (!confirm(`Remove the type "${type.displayName}"?`)) return;
    try {
      await api('DELETE', `/api/documents/types/${type.typeCode}`);
      types.reload();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

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
        <form class="card stack" onSubmit={create} aria-labelledby="type-form">
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
      <ErrorNote>{error ?? types.error}</ErrorNote>
      {types.loading && !types.data ? (
        <Loading />
      ) : types.data?.length === 0 ? (
        <Empty>No document types.</Empty>
      ) : (
        <table class="grid">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Name</th>
              <th scope="col">Description</th>
              <th scope="col">Threshold</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(types.data ?? []).map((type) => (
              <tr>
                <td>
                  <code>{type.typeCode}</code>
                </td>
                <td>{type.displayName}</td>
                <td>{type.description}</td>
                <td>{percent(type.confidenceThreshold)}</td>
                <td>
                  <button type="button" class="secondary" onClick={() => remove(type)} aria-label={`Remove ${type.displayName}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
