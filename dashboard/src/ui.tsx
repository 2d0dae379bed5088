import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { messageOf } from './api';

/** Loads data for a screen: the value, the error, and a reload. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { data: T | undefined; error: string | null; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | undefined; error: string | null; loading: boolean }>({ data: undefined, error: null, loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState({ data: undefined, error: messageOf(error), loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export function ErrorNote({ children }: { children: ComponentChildren }) {
  return children ? (
    <p class="error" role="alert">
      {children}
    </p>
  ) : null;
}

export function Empty({ children }: { children: ComponentChildren }) {
  return <p class="empty">{children}</p>;
}

export function Loading() {
  return (
    <p class="muted" role="status">
      Loading…
    </p>
  );
}

export function Page({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · docsift`;
  }, [title]);
  return (
    <section aria-labelledby="page-title">
      <header class="page-head">
        <h1 id="page-title">{title}</h1>
        {actions}
      </header>
      {children}
    </section>
  );
}

export const formatTime = (iso: string | undefined | null): string => (iso ? new Date(iso).toLocaleString() : '—');

export const percent = (value: number | undefined | null): string => (value === undefined || value === null ? '—' : `${Math.round(value * 100)}%`);

/** Confidence below this is shown as low: worth a look before the value is trusted. */
export const LOW_CONFIDENCE = 0.8;

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{status}</span>;
}
