import { useState } from 'preact/hooks';
import { api, messageOf, type Session } from '../api';
import { ErrorNote } from '../ui';

export function AuthScreen({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [mode, setMode] = useState<'signin' | 'signup'>(location.pathname === '/signup' ? 'signup' : 'signin');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const body =
        mode === 'signup'
          ? { email: value('email'), password: String(form.get('password')), name: value('name') || undefined, organizationName: value('organizationName') }
          : { email: value('email'), password: String(form.get('password')) };
      onSignedIn(await api<Session>('POST', mode === 'signup' ? '/api/auth/signup' : '/api/auth/login', body));
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="auth" id="main">
      <h1>docsift</h1>
      <p class="muted">Documents in, typed data with its place on the page out.</p>
      <form onSubmit={submit} class="card stack" aria-labelledby="auth-title">
        <h2 id="auth-title">{mode === 'signup' ? 'Create an account' : 'Sign in'}</h2>
        <label>
          Email
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          Password
          <input name="password" type="password" minLength={8} autoComplete={mode === 'signup' ? 'new-password' : 'current-password'} required />
        </label>
        {mode === 'signup' && (
          <>
            <label>
              Your name <span class="muted">(optional)</span>
              <input name="name" autoComplete="name" />
            </label>
            <label>
              Organization
              <input name="organizationName" autoComplete="organization" required />
            </label>
          </>
        )}
        <ErrorNote>{error}</ErrorNote>
        <button type="submit" disabled={busy}>
          {mode === 'signup' ? 'Sign up' : 'Sign in'}
        </button>
        <button type="button" class="link" onClick={() => { setMode(mode === 'signup' ? 'signin' : 'signup'); setError(null); }}>
          {mode === 'signup' ? 'I have an account: sign in' : 'No account yet? Sign up'}
        </button>
      </form>
    </main>
  );
}
