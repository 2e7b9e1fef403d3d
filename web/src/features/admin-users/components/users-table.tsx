import type { AdminUser } from '@shop/shared';
import { useRef } from 'react';
import { Cell, DataTable, IdText } from '@/components/ui/data-table';
import { useUser } from '@/lib/current-user';
import { AdminRoleButton } from './admin-role-button';
import { DeleteUserButton } from './delete-user-button';

const columns = ['#', 'ID', 'Name', 'Email', 'Delete'] as const;

/** Spec section 2: index, id, name, email and delete; admins carry a badge and the role can change. */
export function UsersTable({ users, firstNumber }: { users: AdminUser[]; firstNumber: number }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const focusTable = () => regionRef.current?.focus();
  // Your own role is not yours to change (the server refuses it too).
  const me = useUser().data?._id;
  return (
    <DataTable ref={regionRef} caption="Users" columns={columns}>
      {users.map((user, index) => (
        <tr key={user._id}>
          <Cell label="#" className="text-slate-700">
            {firstNumber + index}
          </Cell>
          <Cell label="ID">
            <IdText id={user._id} />
          </Cell>
          <Cell label="Name" className="min-w-40">
            <span className="font-medium text-slate-900">{user.name}</span>
            {user.isAdmin && <AdminBadge />}
            {/* Beside the badge it changes, rather than in a column of its own: the table stays as wide. */}
            {user._id !== me && <AdminRoleButton user={user} />}
          </Cell>
          <Cell label="Email" className="whitespace-nowrap">
            {user.email}
          </Cell>
          <Cell label="Delete">
            <DeleteUserButton user={user} onDeleted={focusTable} />
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}

function AdminBadge() {
  return (
    <span className="ml-2 inline-block rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-800 ring-1 ring-indigo-200">
      Admin
    </span>
  );
}
