import { useEffect, useRef, useState } from 'preact/hooks';
import { api, messageOf, upload, type Template } from '../api';
import { ErrorNote, Page, useLoad } from '../ui';

interface Item {
  key: number;
  fileName: string;
  phase: 'uploading' | 'pending' | 'processing' | 'completed' | 'failed';
  uploaded: number;
  progress: number;
  error?: string;
  href?: string;
}

const POLL_MS = 1000;
let nextKey = 1;

/** Where a file goes: the documents endpoint, the lending one, or a consumer template. */
function targetOf(choice: string): { submit: string; fields: Record<string, string>; resultHref: (id: string) => string } {
  if (choice === 'documents') return { submit: '/api/documents/extract', fields: {}, resultHref: (id) => `/jobs/${id}` };
  if (choice === 'lending') return { submit: '/api/lending/extract', fields: {}, resultHref: (id) => `/jobs/${id}?service=lending` };
  return { submit: '/api/b2c/extract', fields: { templateId: choice }, resultHref: (id) => `/extractions/${id}` };
}

export function UploadScreen() {
  const templates = useLoad(() => api<{ templates: Template[] }>('GET', '/api/b2c/templates').then((body) => body.templates), []);
  const [choice, setChoice] = useState('documents');
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);

  const update = (key: number, change: Partial<Item>) => {
    if (alive.current) setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  };

  const send = async (file: File) => {
    const key = nextKey++;
    const target = targetOf(choice);
    setItems((all) => [{ key, fileName: file.name, phase: 'uploading', uploaded: 0, progress: 0 }, ...all]);
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
    form.append('file', file);
    try {
      const created = await upload<{ jobId?: string; extractionId?: string; pollingUrl: string }>(target.submit, form, (fraction) => update(key, { uploaded: fraction }));
      const id = created.jobId ?? created.extractionId!;
      update(key, { phase: 'pending', uploaded: 1, href: target.resultHref(id) });
      const pollPath = new URL(created.pollingUrl, location.href).pathname;
      while (alive.current) {
        const record = await api<{ status: Item['phase']; progress?: number; error?: string }>('GET', pollPath);
        update(key, { phase: record.status, progress: record.progress ?? (record.status === 'completed' ? 100 : 0), error: record.error });
        if (record.status === 'completed' || record.status === 'failed') break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      update(key, { phase: 'failed', error: messageOf(error) });
    }
  };

  const sendAll = (files: FileList | null) => {
    if (files) for (const file of Array.from(files)) void send(file);
  };

  return (
    <Page title="Upload">
      <div class="stack">
        <label>
          Extract with
          <select value={choice} onChange={(event) => setChoice((event.target as HTMLSelectElement).value)}>
            <option value="documents">Primary: identify the document and extract its type's fields</option>
            <option value="lending">Lending: extract and check against the lending requirements</option>
            {(templates.data ?? []).map((template) => (
              <option value={template.id}>Consumer template: {template.name}</option>
            ))}
          </select>
        </label>
        <ErrorNote>{templates.error && `Templates could not be loaded: ${templates.error}`}</ErrorNote>
        <div
          class={`dropzone${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            sendAll(event.dataTransfer?.files ?? null);
          }}
        >
          <p>Drop PDF, JPEG or PNG files here, or</p>
          <label class="button">
            Choose files
            <input
              ref={input}
              class="visually-hidden"
              type="file"
              multiple
              accept="application/pdf,image/jpeg,image/png"
              onChange={() => {
                sendAll(input.current!.files);
                input.current!.value = '';
              }}
            />
          </label>
        </div>
        {items.length === 0 ? (
          <p class="empty">Nothing uploaded in this visit yet. Files you upload appear here with their progress; all jobs are under Jobs.</p>
        ) : (
          <ul class="uploads" aria-label="Uploads">
            {items.map((item) => (
              <li class={`upload phase-${item.phase}`} data-file={item.fileName}>
                <span class="file">{item.fileName}</span>
                {item.phase === 'uploading' ? (
                  <progress max={1} value={item.uploaded} aria-label={`Upload of ${item.fileName}`} />
                ) : (
                  <progress max={100} value={item.progress} aria-label={`Processing of ${item.fileName}`} />
                )}
                <span class="phase" role="status">
                  {item.phase === 'uploading' ? `uploading ${Math.round(item.uploaded * 100)}%` : item.phase === 'processing' ? `processing ${item.progress}%` : item.phase}
                </span>
                {item.href && (item.phase === 'completed' || item.phase === 'failed') && <a href={item.href}>Open result</a>}
                {item.error && <span class="error-text">{item.error}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
