import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

/** Moves to a dashboard path without a page load. */
export function navigate(path: string): void {
  if (path === location.pathname + location.search) return;
  history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** The current path and query; re-renders on navigation and on the browser's back and forward. */
export function useLocation(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((tick) => tick + 1);
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return { path: location.pathname, query: new URLSearchParams(location.search) };
}

/** Follows same-tab left clicks on dashboard links without a page load. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.target as Element).closest('a');
  if (!anchor || anchor.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/') || url.pathname === '/docs') return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}
