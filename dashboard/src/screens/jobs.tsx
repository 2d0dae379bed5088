import { useEffect, useState } from 'preact/hooks';
import { api, type DocumentType, type ExtractionRecord, type JobListItem, type JobRecord } from '../api';
import { navigate, useLocation } from '../router';
import { DataTable, ErrorNote, formatTime, Loaded, Page, percent, StatusBadge, useLoad } from '../ui';

const PAGE_SIZE = 20;
const STATUSES = ['pending', 'processing', 'completed', 'failed'];

export function JobsScreen() {
  const { query } = useLocation();
  const kind = query.get('kind') === 'extractions' ? 'extractions' : 'jobs';
  return (
    <Page title="Jobs">
      <div role="tablist" class="tabs" aria-label="Kind of job">
        <button role="tab" type="button" aria-selected={kind === 'jobs'} onClick={() => navigate('/jobs')}>
          Documents and lending
        </button>
        <button role="tab" type="button" aria-selected={kind === 'extractions'} onClick={() => navigate('/jobs?kind=extractions')}>
          Consumer extractions
        </button>
      </div>
      {kind === 'jobs' ? <JobList /> : <ExtractionList />}
    </Page>
  );
}

function useCursorPages(filterKey: string) {
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  useEffect(() => setCursors([null]), [filterKey]);
  return {
    cursor: cursors[cursors.length - 1] ?? null,
    pageNumber: cursors.length,
    next: (cursor: string) => setCursors([...cursors, cursor]),
    previous: () => setCursors(cursors.slice(0, -1)),
  };
}

function JobList() {
  const [filters, setFilters] = useState({ status: '', type: '', createdFrom: '' });
  const filterKey = JSON.stringify(filters);
  const pages = useCursorPages(filterKey);
  const types = useLoad(() => api<{ types: DocumentType[] }>('GET', '/api/documents/types').then((body) => body.types), []);
  const list = useLoad(async () => {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (filters.status) params.set('status', filters.status);
    if (filters.type) params.set('type', filters.type);
    if (filters.createdFrom) params.set('createdFrom', new Date(filters.createdFrom).toISOString());
    if (pages.cursor) params.set('cursor', pages.cursor);
    const page = await api<{ jobs: JobListItem[]; nextCursor: string | null }>('GET', `/api/documents/extract?${params}`);
    // The listing carries no confidence: the completed jobs' records have it (served from the record cache).
    const confidences = await Promise.all(
      page.jobs.map((job) =>
        job.status === 'completed'
          ? api<JobRecord>('GET', new URL(job.pollingUrl).pathname).then((record) => record.classificationConfidence, () => undefined)
          : undefined,
      ),
    );
    return { ...page, confidences };
  }, [filterKey, pages.cursor]);
  const set = (name: keyof typeof filters) => (event: Event) => setFilters({ ...filters, [name]: (event.target as HTMLInputElement).value });

  return (
    <>
      <form class="filters" onSubmit={(event) => event.preventDefault()} aria-label="Filters">
        <StatusFilter value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
        <label>
          Type
          <select value={filters.type} onChange={set('type')}>
            <option value="">any</option>
            {(types.data ?? []).map((type) => (
              <option value={type.typeCode}>{type.displayName}</option>
            ))}
          </select>
        </label>
        <label>
          Created from
          <input type="date" value={filters.createdFrom} onChange={set('createdFrom')} />
        </label>
      </form>
      <ErrorNote>{list.error}</ErrorNote>
      <Loaded state={list} empty={pages.pageNumber === 1 ? 'No jobs match. Upload a document, or loosen the filters.' : 'No more jobs.'} isEmpty={(page) => page.jobs.length === 0}>
        {(page) => (
          <DataTable columns={['File', 'Status', 'Type', 'Confidence', 'Service', 'Created']}>
            {page.jobs.map((job, index) => (
              <tr>
                <td>
                  <a href={`/jobs/${job.jobId}${job.service === 'lending' ? '?service=lending' : ''}`}>{job.fileName}</a>
                  {job.error && <div class="error-text">{job.error}</div>}
                </td>
                <td>
                  <StatusBadge status={job.status} />
                  {job.status === 'processing' && ` ${job.progress}%`}
                </td>
                <td>{job.documentType ?? '—'}</td>
                <td>{percent(page.confidences[index])}</td>
                <td>{job.service}</td>
                <td>{formatTime(job.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
      <Pager pages={pages} nextCursor={list.data?.nextCursor ?? null} />
    </>
  );
}

function Pager({ pages, nextCursor }: { pages: ReturnType<typeof useCursorPages>; nextCursor: string | null }) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={pages.pageNumber === 1} onClick={pages.previous}>
        Previous page
      </button>
      <span>Page {pages.pageNumber}</span>
      <button type="button" disabled={!nextCursor} onClick={() => nextCursor && pages.next(nextCursor)}>
        Next page
      </button>
    </nav>
  );
}

function StatusFilter({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return (
    <label>
      Status
      <select value={value} onChange={(event) => onChange((event.target as HTMLSelectElement).value)}>
        <option value="">any</option>
        {STATUSES.map((status) => (
          <option>{status}</option>
        ))}
      </select>
    </label>
  );
}

function ExtractionList() {
  const [status, setStatus] = useState('');
  const pages = useCursorPages(status);
  const list = useLoad(() => {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (status) params.set('status', status);
    if (pages.cursor) params.set('cursor', pages.cursor);
    return api<{ extractions: ExtractionRecord[]; nextCursor: string | null }>('GET', `/api/b2c/extractions?${params}`);
  }, [status, pages.cursor]);
  return (
    <>
      <form class="filters" onSubmit={(event) => event.preventDefault()} aria-label="Filters">
        <StatusFilter value={status} onChange={setStatus} />
      </form>
      <ErrorNote>{list.error}</ErrorNote>
      <Loaded state={list} empty="No consumer extractions. Create a template, then upload with it." isEmpty={(page) => page.extractions.length === 0}>
        {(page) => (
          <DataTable columns={['File', 'Status', 'Confidence', 'Created']}>
            {page.extractions.map((extraction) => (
              <tr>
                <td>
                  <a href={`/extractions/${extraction.extractionId}`}>{extraction.fileName}</a>
                </td>
                <td>
                  <StatusBadge status={extraction.status} />
                </td>
                <td>{percent(extraction.confidence?.overall)}</td>
                <td>{formatTime(extraction.createdAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
      <Pager pages={pages} nextCursor={list.data?.nextCursor ?? null} />
    </>
  );
}
