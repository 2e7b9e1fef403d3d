import { LogoutScreen } from '@/features/auth/components/logout-screen';

export function LogoutRoute() {
  return <LogoutScreen />;
}
