import { lazyPage } from '../../lazy-page';

/**
 * The admin panel is its own chunk. It is fetched when the panel first renders, and
 * RequireAdmin renders none for a customer, so customers never download it. It brings
 * TanStack Query's provider for the pages inside it.
 */
export const AdminPanel = lazyPage(() => import('./admin-panel'), 'AdminPanel');
