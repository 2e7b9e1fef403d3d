import { messages } from '@shop/shared';
import { Users } from 'lucide-react';
import { ListSearch } from '@/components/paged-list/list-search';
import { PagedListResult } from '@/components/paged-list/paged-list-result';
import { useListPage } from '@/components/paged-list/use-list-page';
import { EmptyState } from '@/components/ui/empty-state';
import { useUsers } from '../api/get-users';
import { UsersTable } from './users-table';

export function UsersView() {
  const list = useListPage();
  const users = useUsers({ page: list.page, q: list.q });
  return (
    <div className="space-y-4">
      <ListSearch label="Search users" placeholder="Name or email" value={list.q} onSearch={list.search} />
      <PagedListResult
        result={users}
        list={list}
        noun={['user', 'users']}
        loadFailed={messages.usersLoadFailed}
        empty={<EmptyState icon={Users} text={messages.noUsers} />}
      >
        {(items, firstNumber) => <UsersTable users={items} firstNumber={firstNumber} />}
      </PagedListResult>
    </div>
  );
}
