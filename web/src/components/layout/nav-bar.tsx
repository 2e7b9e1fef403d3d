import { House } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button-link';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { CartLink } from './cart-link';
import { iconLinkStyles } from './icon-link-styles';
import { UserMenu } from './user-menu';

/** Spec section 2: home icon; logged in: name, menu and cart; logged out: Login and SignUp. */
export function NavBar() {
  const { loggedIn, isAdmin, userName, cartQuantity } = useSession();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <Link to={loggedIn ? '/userDashboard' : '/'} aria-label="Home" className={iconLinkStyles}>
          <House aria-hidden="true" className="size-6 text-indigo-700" />
        </Link>
        {/* On a phone the logged-in bar needs the room for the name, menu and cart. */}
        <span
          className={cn(
            'text-lg font-bold tracking-tight whitespace-nowrap text-slate-900',
            loggedIn && 'hidden sm:inline',
          )}
        >
          The Shop
        </span>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          {loggedIn ? (
            <>
              <UserMenu userName={userName} isAdmin={isAdmin} />
              <CartLink count={cartQuantity} />
            </>
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost">
                Login
              </ButtonLink>
              <ButtonLink to="/signUp">SignUp</ButtonLink>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
