import { useEffect } from 'react';

/** Sets the tab's title while the page is shown. */
export function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | The Shop` : 'The Shop';
  }, [title]);
  return null;
}
