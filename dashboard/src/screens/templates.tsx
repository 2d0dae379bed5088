import { useState } from 'preact/hooks';
import { api, type DocumentType, type Template, type TemplateField } from '../api';
import { blankField, FieldEditor } from '../field-editor';
import { applyChange, DataTable, ErrorNote, formatTime, Loaded, Page, RowButton, useLoad, useSubmit } from '../ui';

interface Draft {
  id: string | null;
  name: string;
  description: string;
  documentType: string;
  fields: TemplateField[];
}

const newDraft = (): Draft => ({ id: null, name: '', description: '', documentType: '', fields: [blankField()] });

export function TemplatesScreen() {
  const templates = useLoad(() => api<{ templates: Template[] }>('GET', '/api/b2c/templates').then((body) => body.templates), []);
  const types = useLoad(() => api<{ types: DocumentType[] }>('GET', '/api/documents/types').then((body) => body.types), []);
  const [draft, setDraft] = useState<Draft | null>(null);
  const save = useSubmit(async () => {
    if (!draft) return;
    const body = { name: draft.name, description: draft.description || undefined, documentType: draft.documentType || undefined, fields: draft.fields };
    await (draft.id ? api('PUT', `/api/b2c/templates/${draft.id}`, body) : api('POST', '/api/b2c/templates', body));
    setDraft(null);
    templates.reload();
  });

  const remove = (template: Template) =>
    applyChange(() => api('DELETE', `/api/b2c/templates/${template.id}`), { question: `Delete the template "${template.name}"?`, onDone: templates.reload, onError: save.setError });

  return (
    <Page
      title="Templates"
      actions={
        !draft && (
          <button type="button" onClick={() => setDraft(newDraft())}>
            New template
          </button>
        )
      }
    >
      <p class="muted">A template names the fields to read from documents of any kind; upload with it from Upload.</p>
      <ErrorNote>{save.error ?? templates.error}</ErrorNote>
      {draft && (
        <form class="card stack" onSubmit={save.onSubmit} aria-labelledby="template-editor">
          <h2 id="template-editor">{draft.id ? `Edit ${draft.name}` : 'New template'}</h2>
          <label>
            Name
            <input value={draft.name} required maxLength={255} onInput={(event) => setDraft({ ...draft, name: (event.target as HTMLInputElement).value })} />
          </label>
          <label>
            Description <span class="muted">(optional)</span>
            <input value={draft.description} onInput={(event) => setDraft({ ...draft, description: (event.target as HTMLInputElement).value })} />
          </label>
          <label>
            Document type hint <span class="muted">(optional)</span>
            <select value={draft.documentType} onChange={(event) => setDraft({ ...draft, documentType: (event.target as HTMLSelectElement).value })}>
              <option value="">none</option>
              {(types.data ?? []).map((type) => (
                <option value={type.typeCode}>{type.displayName}</option>
              ))}
            </select>
          </label>
          <FieldEditor label="Fields" fields={draft.fields} onChange={(fields) => setDraft({ ...draft, fields })} />
          <div class="toolbar">
            <button type="submit">Save template</button>
            <button type="button" class="secondary" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <Loaded state={templates} empty="No templates yet. Create one to extract the fields you name from any document.">
        {(list) => (
          <DataTable columns={['Name', 'Fields', 'Version', 'Updated']} withActions>
            {list.map((template) => (
              <tr>
                <td>{template.name}</td>
                <td>{template.fields.map((field) => `${field.name} (${field.type})`).join(', ')}</td>
                <td>{template.version}</td>
                <td>{formatTime(template.updatedAt)}</td>
                <td class="actions">
                  <button
                    type="button"
                    class="secondary"
                    onClick={() => setDraft({ id: template.id, name: template.name, description: template.description ?? '', documentType: template.documentType ?? '', fields: template.fields })}
                  >
                    Edit
                  </button>
                  <RowButton label="Delete" subject={template.name} onClick={() => remove(template)} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
    </Page>
  );
}
