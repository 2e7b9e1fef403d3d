import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { iconLinkStyles } from './icon-link-styles';

export function CartLink({ count }: { count: number }) {
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to="/cart" aria-label={label} className={cn(iconLinkStyles, 'relative')}>
      <ShoppingCart aria-hidden="true" className="size-6" />
      <span
        aria-hidden="true"
        className="absolute top-0.5 right-0.5 min-w-5 rounded-full bg-indigo-700 px-1 text-center text-xs leading-5 font-bold text-white"
      >
        {count > 99 ? '99+' : count}
      </span>
    </Link>
  );
}
