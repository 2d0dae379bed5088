import { useEffect, useState } from 'preact/hooks';
import { api, type DocumentType, type ExtractionRecord, type JobListItem, type JobRecord } from '../api';
import { navigate, useLocation } from '../router';
import { Empty, ErrorNote, formatTime, Loading, Page, percent, StatusBadge, useLoad } from '../ui';

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
        <label>
          Status
          <select value={filters.status} onChange={set('status')}>
            <option value="">any</option>
            {STATUSES.map((status) => (
              <option>{status}</option>
            ))}
          </select>
        </label>
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
      {list.loading && !list.data ? (
        <Loading />
      ) : list.data && list.data.jobs.length === 0 ? (
        <Empty>{pages.pageNumber === 1 ? 'No jobs match. Upload a document, or loosen the filters.' : 'No more jobs.'}</Empty>
      ) : (
        list.data && (
          <table class="grid">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Type</th>
                <th scope="col">Confidence</th>
                <th scope="col">Service</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.jobs.map((job, index) => (
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
                  <td>{percent(list.data!.confidences[index])}</td>
                  <td>{job.service}</td>
                  <td>{formatTime(job.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      )}
      <Pager pageNumber={pages.pageNumber} nextCursor={list.data?.nextCursor ?? null} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}

function Pager({ pageNumber, nextCursor, onNext, onPrevious }: { pageNumber: number; nextCursor: string | null; onNext: (cursor: string) => void; onPrevious: () => void }) {
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={pageNumber === 1} onClick={onPrevious}>
        Previous page
      </button>
      <span>Page {pageNumber}</span>
      <button type="button" disabled={!nextCursor} onClick={() => nextCursor && onNext(nextCursor)}>
        Next page
      </button>
    </nav>
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
        <label>
          Status
          <select value={status} onChange={(event) => setStatus((event.target as HTMLSelectElement).value)}>
            <option value="">any</option>
            {STATUSES.map((value) => (
              <option>{value}</option>
            ))}
          </select>
        </label>
      </form>
      <ErrorNote>{list.error}</ErrorNote>
      {list.loading && !list.data ? (
        <Loading />
      ) : list.data && list.data.extractions.length === 0 ? (
        <Empty>No consumer extractions. Create a template, then upload with it.</Empty>
      ) : (
        list.data && (
          <table class="grid">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Confidence</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {list.data.extractions.map((extraction) => (
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
            </tbody>
          </table>
        )
      )}
      <Pager pageNumber={pages.pageNumber} nextCursor={list.data?.nextCursor ?? null} onNext={pages.next} onPrevious={pages.previous} />
    </>
  );
}
