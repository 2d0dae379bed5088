import { useState } from 'preact/hooks';
import type { FieldDetail, Finding } from './api';
import { display, leavesOf, parseEdited, valueAt, withValueAt } from './fields';
import { DataTable, Empty, ErrorNote, LOW_CONFIDENCE, percent } from './ui';

export interface ResultModel {
  data: Record<string, unknown> | null;
  /** The engine's data, when `data` holds a correction. */
  originalData: Record<string, unknown> | null;
  fieldDetails: Record<string, FieldDetail>;
  confidenceOf: (path: string) => number | undefined;
  imageUrl: (page: number) => string;
  fileName: string;
}

const PAGE_WIDTH = 1000;

/** The page image with a box over each `fieldDetails` entry, beside the values: hovering or selecting one marks the other. */
export function PageAndData({ model, editable, onSave }: { model: ResultModel; editable: boolean; onSave: (data: Record<string, unknown>) => Promise<void> }) {
  const [hovered, setHovered] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const pages = [...new Set([1, ...Object.values(model.fieldDetails).map((detail) => detail.page ?? 1)])].sort((a, b) => a - b);
  const [page, setPage] = useState(pages[0]!);
  const [imageFailed, setImageFailed] = useState<Record<number, boolean>>({});
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const data = model.data ?? {};
  const leafPaths = leavesOf(data).map((leaf) => leaf.path);
  const paths = [...leafPaths, ...Object.keys(model.fieldDetails).filter((path) => !leafPaths.includes(path))];
  const boxes = Object.entries(model.fieldDetails).filter(([, detail]) => detail.bbox && (detail.page ?? 1) === page);
  const active = (path: string) => path === hovered || path === selected;

  const select = (path: string, from: 'box' | 'row') => {
    setSelected(path);
    const detail = model.fieldDetails[path];
    if (detail?.page && detail.page !== page) setPage(detail.page);
    if (from === 'box') document.getElementById(rowId(path))?.focus();
  };

  const save = async () => {
    if (!draft) return;
    let next = data;
    for (const [path, text] of Object.entries(draft)) next = withValueAt(next, path, parseEdited(text, valueAt(data, path)));
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(next);
      setDraft(null);
    } catch (error) {
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div class="result-columns">
      <div class="page-pane">
        {pages.length > 1 && (
          <label class="inline">
            Page
            <select value={page} onChange={(event) => setPage(Number((event.target as HTMLSelectElement).value))}>
              {pages.map((number) => (
                <option value={number}>{number}</option>
              ))}
            </select>
          </label>
        )}
        <div class={`page${imageFailed[page] ? ' no-image' : ''}`} data-page={page}>
          {!imageFailed[page] ? (
            <img src={model.imageUrl(page)} width={PAGE_WIDTH} alt={`Page ${page} of ${model.fileName}`} onError={() => setImageFailed({ ...imageFailed, [page]: true })} />
          ) : (
            <p class="muted no-image-note">The page image could not be loaded; the boxes are drawn on a blank page.</p>
          )}
          {boxes.map(([path, detail]) => {
            const [x0, y0, x1, y1] = detail.bbox!;
            return (
              <div
                class={`box${detail.confidence < LOW_CONFIDENCE ? ' low' : ''}${active(path) ? ' active' : ''}`}
                data-path={path}
                title={`${path}: ${display(valueAt(data, path))} (${percent(detail.confidence)})`}
                style={{ left: `${x0 * 100}%`, top: `${y0 * 100}%`, width: `${(x1 - x0) * 100}%`, height: `${(y1 - y0) * 100}%` }}
                onMouseEnter={() => setHovered(path)}
                onMouseLeave={() => setHovered(null)}
                onClick={() => select(path, 'box')}
              />
            );
          })}
        </div>
      </div>
      <div class="data-pane">
        <div class="toolbar">
          {editable && !draft && (
            <button type="button" onClick={() => setDraft({})}>
              Correct values
            </button>
          )}
          {draft && (
            <>
              <button type="button" onClick={save} disabled={saving || Object.keys(draft).length === 0}>
                Save correction
              </button>
              <button type="button" class="secondary" onClick={() => setDraft(null)}>
                Cancel
              </button>
            </>
          )}
        </div>
        <ErrorNote>{saveError}</ErrorNote>
        {paths.length === 0 ? (
          <Empty>No values were extracted.</Empty>
        ) : (
          <DataTable class="grid values" columns={['Field', 'Value', 'Confidence']}>
            {paths.map((path) => {
              const confidence = model.confidenceOf(path);
              const value = valueAt(data, path);
              const original = model.originalData ? valueAt(model.originalData, path) : value;
              const corrected = model.originalData !== null && JSON.stringify(original) !== JSON.stringify(value);
              return (
                <tr
                  id={rowId(path)}
                  tabIndex={0}
                  data-path={path}
                  class={`${confidence !== undefined && confidence < LOW_CONFIDENCE ? 'low' : ''}${active(path) ? ' active' : ''}`}
                  aria-selected={path === selected}
                  onMouseEnter={() => setHovered(path)}
                  onMouseLeave={() => setHovered(null)}
                  onFocus={() => select(path, 'row')}
                  onClick={() => select(path, 'row')}
                >
                  <th scope="row">
                    <code>{path}</code>
                  </th>
                  <td>
                    {draft ? (
                      <input
                        aria-label={`Value of ${path}`}
                        value={draft[path] ?? (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value))}
                        onInput={(event) => setDraft({ ...draft, [path]: (event.target as HTMLInputElement).value })}
                      />
                    ) : (
                      <>
                        {display(value)}
                        {corrected && (
                          <span class="badge corrected" title={`The engine read: ${display(original)}`}>
                            corrected
                          </span>
                        )}
                      </>
                    )}
                  </td>
                  <td>
                    {percent(confidence)}
                    {confidence !== undefined && confidence < LOW_CONFIDENCE && <span class="visually-hidden"> (low)</span>}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </div>
    </div>
  );
}

const rowId = (path: string) => `value-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export function Findings({ findings }: { findings: Finding[] }) {
  if (findings.length === 0) return null;
  return (
    <section aria-labelledby="findings-title">
      <h2 id="findings-title">Findings</h2>
      <ul class="findings">
        {findings.map((finding) => (
          <li class={`finding severity-${finding.severity}`}>
            <span class="badge">{finding.severity}</span> <code>{finding.code}</code> {finding.message}
            {finding.path && <code class="muted"> {finding.path}</code>}
          </li>
        ))}
      </ul>
    </section>
  );
}
