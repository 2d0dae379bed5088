import { api, type Role, type Session } from '../api';
import { applyChange, DataTable, ErrorNote, formatTime, formText, Loaded, Page, RowButton, useLoad, useSubmit } from '../ui';

interface Member {
  user: { id: string; email: string; name: string | null };
  role: Role;
  createdAt: string;
}

export function MembersScreen({ session }: { session: Session }) {
  const members = useLoad(() => api<{ members: Member[] }>('GET', '/api/organizations/members').then((body) => body.members), []);
  const manager = session.role !== 'member';

  const add = useSubmit(async (formElement) => {
    const form = new FormData(formElement);
    const text = formText(form);
    await api('POST', '/api/organizations/members', { email: text('email'), password: String(form.get('password')), name: text('name') || undefined, role: text('role') });
    formElement.reset();
    members.reload();
  });

  const remove = (member: Member) =>
    applyChange(() => api('DELETE', `/api/organizations/members/${member.user.id}`), {
      question: `Remove ${member.user.email} from the organization?`,
      onDone: members.reload,
      onError: add.setError,
    });

  return (
    <Page title={session.organization.name}>
      <h2>Members</h2>
      <ErrorNote>{add.error ?? members.error}</ErrorNote>
      <Loaded state={members}>
        {(list) => (
          <DataTable columns={['Email', 'Name', 'Role', 'Since']} withActions>
            {list.map((member) => (
              <tr>
                <td>{member.user.email}</td>
                <td>{member.user.name ?? '—'}</td>
                <td>{member.role}</td>
                <td>{formatTime(member.createdAt)}</td>
                <td>
                  {manager && member.role !== 'owner' && member.user.id !== session.user.id && <RowButton label="Remove" subject={member.user.email} onClick={() => remove(member)} />}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Loaded>
      {manager && (
        <form class="card stack" onSubmit={add.onSubmit} aria-labelledby="add-member">
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
