import { useEffect, useState } from 'preact/hooks';
import { api, type ExtractionRecord, type JobRecord } from '../api';
import { Findings, PageAndData } from '../page-view';
import { useLocation } from '../router';
import { ErrorNote, formatTime, Loading, Page, percent, StatusBadge } from '../ui';

const POLL_MS = 1000;

/** Loads a record and re-reads it every second until it is completed or failed. */
function usePolled<T extends { status: string }>(path: string): { record: T | undefined; error: string | null; replace: (record: T) => void; reload: () => void } {
  const [record, setRecord] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () =>
      api<T>('GET', path).then(
        (value) => {
          if (!current) return;
          setRecord(value);
          setError(null);
          if (value.status !== 'completed' && value.status !== 'failed') timer = setTimeout(read, POLL_MS);
        },
        (caught: unknown) => current && setError(caught instanceof Error ? caught.message : String(caught)),
      );
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [path, round]);
  return { record, error, replace: setRecord, reload: () => setRound((value) => value + 1) };
}

function Progress({ status, progress, fileName }: { status: string; progress: number | undefined; fileName: string }) {
  return (
    <p role="status">
      <progress max={100} value={progress ?? 0} aria-label={`Processing of ${fileName}`} /> {status} {progress ?? 0}%
    </p>
  );
}

export function JobResultScreen({ jobId }: { jobId: string }) {
  const { query } = useLocation();
  const lending = query.get('service') === 'lending';
  const [legacy, setLegacy] = useState(false);
  const base = `${lending ? '/api/lending/extract' : '/api/documents/extract'}/${encodeURIComponent(jobId)}`;
  const { record: job, error, replace } = usePolled<JobRecord>(legacy ? `${base}?layout=legacy` : base);
  const [actionError, setActionError] = useState<string | null>(null);
  const correctionPath = `/api/documents/extract/${encodeURIComponent(jobId)}/correction`;

  if (!job) return <Page title="Result">{error ? <ErrorNote>{error}</ErrorNote> : <Loading />}</Page>;
  const done = job.status === 'completed';
  const corrected = Boolean(job.correctedData);
  const discard = async () => {
    setActionError(null);
    try {
      await api('DELETE', correctionPath);
      replace({ ...job, correctedData: null, correctedAt: undefined });
    } catch (caught) {
      setActionError(caught instanceof Error ? caught.message : String(caught));
    }
  };

  return (
    <Page title={job.fileName}>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={job.status} />
        </dd>
        <dt>Type</dt>
        <dd>{job.documentType ?? '—'}</dd>
        <dt>Classification confidence</dt>
        <dd>{percent(job.classificationConfidence)}</dd>
        <dt>Completed</dt>
        <dd>{formatTime(job.completedAt)}</dd>
        {corrected && (
          <>
            <dt>Corrected</dt>
            <dd>
              {formatTime(job.correctedAt)}{' '}
              <button type="button" class="link" onClick={discard}>
                Discard correction
              </button>
            </dd>
          </>
        )}
      </dl>
      <ErrorNote>{error ?? actionError}</ErrorNote>
      {job.error && <ErrorNote>{job.error}</ErrorNote>}
      {!done && job.status !== 'failed' && <Progress status={job.status} progress={job.progress} fileName={job.fileName} />}
      {done && (
        <>
          <label class="inline switch">
            <input type="checkbox" checked={legacy} onChange={(event) => setLegacy((event.target as HTMLInputElement).checked)} /> Legacy layout
          </label>
          {job.compliance && <Compliance compliance={job.compliance} />}
          <PageAndData
            key={`${legacy}`}
            editable={!legacy}
            model={{
              fileName: job.fileName,
              data: (legacy ? job.extractedData : (job.correctedData ?? job.extractedData)) ?? null,
              originalData: !legacy && job.correctedData ? (job.extractedData ?? null) : null,
              fieldDetails: legacy ? {} : (job.fieldDetails ?? {}),
              confidenceOf: (path) => job.fieldDetails?.[path]?.confidence,
              imageUrl: (page) => `/api/documents/extract/${encodeURIComponent(jobId)}/pages/${page}/image?width=1000&format=webp`,
            }}
            onSave={async (data) => replace(await api<JobRecord>('PUT', correctionPath, { data }))}
          />
          <Findings findings={job.findings ?? []} />
        </>
      )}
      <RawJson value={job} />
    </Page>
  );
}

function Compliance({ compliance }: { compliance: NonNullable<JobRecord['compliance']> }) {
  return (
    <section aria-labelledby="compliance-title">
      <h2 id="compliance-title">
        Lending checks: <span class={`badge compliance-${compliance.status}`}>{compliance.status.replace(/_/g, ' ')}</span>
      </h2>
      {compliance.checks.length === 0 ? (
        <p class="empty">No checks apply to this document.</p>
      ) : (
        <ul class="checks">
          {compliance.checks.map((check) => (
            <li class={check.passed ? 'pass' : 'fail'}>
              <span class="badge">{check.passed ? 'pass' : 'fail'}</span> <code>{check.code}</code> {check.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RawJson({ value }: { value: unknown }) {
  return (
    <details class="raw">
      <summary>Raw JSON</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

export function ExtractionResultScreen({ extractionId }: { extractionId: string }) {
  const path = `/api/b2c/extract/${encodeURIComponent(extractionId)}`;
  const { record, error, replace } = usePolled<ExtractionRecord>(path);
  if (!record) return <Page title="Extraction">{error ? <ErrorNote>{error}</ErrorNote> : <Loading />}</Page>;
  const done = record.status === 'completed';
  return (
    <Page title={record.fileName}>
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={record.status} />
        </dd>
        <dt>Overall confidence</dt>
        <dd>{percent(record.confidence?.overall)}</dd>
        <dt>Corrected</dt>
        <dd>{formatTime(record.correctedAt)}</dd>
      </dl>
      <ErrorNote>{error ?? record.error}</ErrorNote>
      {!done && record.status !== 'failed' && <Progress status={record.status} progress={record.progress} fileName={record.fileName} />}
      {done && (
        <>
          <p class="muted">A correction here teaches the template where these values sit on documents of this layout.</p>
          <PageAndData
            editable
            model={{
              fileName: record.fileName,
              data: record.data,
              originalData: record.originalData ?? null,
              fieldDetails: record.fieldDetails ?? {},
              confidenceOf: (field) => record.confidence?.fields[field] ?? record.fieldDetails?.[field]?.confidence,
              imageUrl: (page) => `${path}/pages/${page}/image?width=1000&format=webp`,
            }}
            onSave={async (data) => {
              const changed = Object.fromEntries(Object.entries(data).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(record.data?.[name])));
              replace(await api<ExtractionRecord>('PUT', `${path}/data`, changed));
            }}
          />
          <Findings findings={record.findings ?? []} />
        </>
      )}
      <RawJson value={record} />
    </Page>
  );
}
