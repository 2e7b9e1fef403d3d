import { lazy, Suspense, useState } from 'react';
import { TriggerLabel, triggerStyles, type UserMenuProps } from './user-menu-trigger';

const loadDropdown = () => import('./user-menu-dropdown');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The logged-in user's name opens the menu of spec section 2. Until it is
 * first opened it is a plain button that looks the same, so no page pays for
 * the dropdown library on its first load; pointing at it or focusing it
 * starts the download.
 */
export function UserMenu(props: UserMenuProps) {
  // 'keyboard' when Enter or Space pressed it (a click without a pointer has no `detail`).
  const [opened, setOpened] = useState<'keyboard' | 'pointer'>();
  const button = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={triggerStyles}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={(event) => setOpened(event.detail === 0 ? 'keyboard' : 'pointer')}
    >
      <TriggerLabel userName={props.userName} />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuDropdown {...props} openedByKeyboard={opened === 'keyboard'} />
    </Suspense>
  );
}
