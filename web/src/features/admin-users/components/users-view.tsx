import { messages } from '@shop/shared';
import { Users } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Loading } from '@/components/ui/spinner';
import { useUsers } from '../api/get-users';
import { UsersTable } from './users-table';

export function UsersView() {
  const users = useUsers();
  if (users.isPending) return <Loading label="Loading the users…" />;
  if (users.isError) {
    return (
      <LoadError
        title={messages.usersLoadFailed}
        detail={users.error.message}
        onRetry={() => void users.refetch()}
      />
    );
  }
  if (users.data.length === 0) return <EmptyState icon={Users} text={messages.noUsers} />;
  return <UsersTable users={users.data} />;
}
