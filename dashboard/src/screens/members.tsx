import { useState } from 'preact/hooks';
import { api, messageOf, type Role, type Session } from '../api';
import { ErrorNote, formatTime, Loading, Page, useLoad } from '../ui';
import { issuesOf } from './templates';

interface Member {
  user: { id: string; email: string; name: string | null };
  role: Role;
  createdAt: string;
}

export function MembersScreen({ session }: { session: Session }) {
  const members = useLoad(() => api<{ members: Member[] }>('GET', '/api/organizations/members').then((body) => body.members), []);
  const [error, setError] = useState<string | null>(null);
  const manager = session.role !== 'member';

  const add = async (event: SubmitEvent) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setError(null);
    try {
      await api('POST', '/api/organizations/members', { email: text('email'), password: String(form.get('password')), name: text('name') || undefined, role: text('role') });
      formElement.reset();
      members.reload();
    } catch (caught) {
      setError(issuesOf(caught));
    }
  };

  const remove = async (member: Member) => {
    if (!confirm(`Remove ${member.user.email} from the organization?`)) return;
    try {
      await api('DELETE', `/api/organizations/members/${member.user.id}`);
      members.reload();
    } catch (caught) {
      setError(messageOf(caught));
    }
  };

  return (
    <Page title={session.organization.name}>
      <h2>Members</h2>
      <ErrorNote>{error ?? members.error}</ErrorNote>
      {!members.data ? (
        !members.error && <Loading />
      ) : (
        <table class="grid">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Since</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <tr>
                <td>{member.user.email}</td>
                <td>{member.user.name ?? '—'}</td>
                <td>{member.role}</td>
                <td>{formatTime(member.createdAt)}</td>
                <td>
                  {manager && member.role !== 'owner' && member.user.id !== session.user.id && (
                    <button type="button" class="danger" onClick={() => remove(member)} aria-label={`Remove ${member.user.email}`}>
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {manager && (
        <form class="card stack" onSubmit={add} aria-labelledby="add-member">
          <h2 id="add-member">Add a member</h2>
          <label>
            Email
            <input name="email" type="email" required autoComplete="off" />
          </label>
          <label>
            Initial password <span class="muted">(at least 8 characters; tell them to keep it private)</span>
            <input name="password" type="password" minLength={8} required autoComplete="new-password" />
          </label>
          <label>
            Name <span class="muted">(optional)</span>
            <input name="name" />
          </label>
          <label>
            Role
            <select name="role">
              <option value="member">member: uses the service</option>
              <option value="admin">admin: also manages keys, webhooks, types and members</option>
            </select>
          </label>
          <button type="submit">Add member</button>
        </form>
      )}
    </Page>
  );
}
