import { UsersView } from '@/features/admin-users/components/users-view';
import { AdminPage } from './admin-page';

/** /admin/userList */
export function AdminUsersRoute() {
  return (
    <AdminPage title="Users">
      <UsersView />
    </AdminPage>
  );
}
