import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, messageOf, SESSION_ENDED, type Session } from './api';
import { navigate, onLinkClick, useLocation } from './router';
import { ErrorNote, Loading } from './ui';
import { AuthScreen } from './screens/auth';
import { UploadScreen } from './screens/upload';
import { JobsScreen } from './screens/jobs';
import { JobResultScreen, ExtractionResultScreen } from './screens/result';
import { KeysScreen } from './screens/keys';
import { TemplatesScreen } from './screens/templates';
import { WebhooksScreen } from './screens/webhooks';
import { LendingScreen } from './screens/lending';
import { TypesScreen } from './screens/types';
import { MembersScreen } from './screens/members';

const NAV = [
  ['/upload', 'Upload'],
  ['/jobs', 'Jobs'],
  ['/templates', 'Templates'],
  ['/keys', 'API keys'],
  ['/webhooks', 'Webhooks'],
  ['/lending', 'Lending'],
  ['/types', 'Document types'],
  ['/members', 'Organization'],
] as const;

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const { path } = useLocation();
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    api<Session>('GET', '/api/auth/session').then(setSession, (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) setSession(null);
      else setLoadError(messageOf(error));
    });
    const ended = () => setSession(null);
    addEventListener(SESSION_ENDED, ended);
    return () => removeEventListener(SESSION_ENDED, ended);
  }, []);

  if (loadError) return <ErrorNote>The service could not be reached ({loadError}). Reload the page to try again.</ErrorNote>;

  if (session === undefined) return <Loading />;
  if (session === null) return <AuthScreen onSignedIn={(value) => { setSession(value); navigate('/upload'); }} />;

  const signOut = async () => {
    await api('POST', '/api/auth/logout').catch(() => undefined);
    setSession(null);
    navigate('/');
  };

  return (
    <div class="shell" onClick={onLinkClick}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">docsift</span>
        <nav aria-label="Main">
          {NAV.map(([href, label]) => (
            <a href={href} aria-current={path.startsWith(href) ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
        <span class="who">
          <span title={`${session.organization.name}, ${session.role}`}>{session.user.email}</span>
          <button type="button" class="link" onClick={signOut}>
            Sign out
          </button>
        </span>
      </header>
      <main id="main" tabIndex={-1}>
        <Screen path={path} session={session} />
      </main>
    </div>
  );
}

function Screen({ path, session }: { path: string; session: Session }) {
  const job = /^\/jobs\/([^/]+)$/.exec(path);
  if (job) return <JobResultScreen jobId={decodeURIComponent(job[1]!)} />;
  const extraction = /^\/extractions\/([^/]+)$/.exec(path);
  if (extraction) return <ExtractionResultScreen extractionId={decodeURIComponent(extraction[1]!)} />;
  switch (path) {
    case '/jobs':
      return <JobsScreen />;
    case '/templates':
      return <TemplatesScreen />;
    case '/keys':
      return <KeysScreen session={session} />;
    case '/webhooks':
      return <WebhooksScreen />;
    case '/lending':
      return <LendingScreen />;
    case '/types':
      return <TypesScreen />;
    case '/members':
      return <MembersScreen session={session} />;
    default:
      return <UploadScreen />;
  }
}
