/** First stop for keyboard users: jump past the navigation. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-indigo-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}
