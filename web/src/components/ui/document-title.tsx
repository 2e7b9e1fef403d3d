/** The tab's title while the page is shown: React 19 hoists a rendered <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} | The Shop` : 'The Shop'}</title>;
}
