import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';

/**
 * Stored page text is Markdown and never HTML: `html: false` makes markdown-it write any tag in it
 * as text, and its link check refuses javascript:, vbscript: and data: addresses. Images are off,
 * so a page cannot load pictures from elsewhere.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false }).disable('image');

// Joined by hand: `cn` here would split it from the entry into a chunk of its own, which `/` then loads too.
const textStyles = [
  'space-y-4 leading-relaxed text-slate-800',
  '[&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:font-semibold',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_blockquote]:rounded-lg [&_blockquote]:border-l-4 [&_blockquote]:border-amber-500 [&_blockquote]:bg-amber-50 [&_blockquote]:p-4 [&_blockquote]:text-amber-950',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1',
].join(' ');

/** Markdown shown as formatted text, without raw HTML. */
export default function Markdown({ text, className }: { text: string; className?: string }) {
  const html = useMemo(() => markdown.render(text), [text]);
  return (
    <div
      className={className ? `${textStyles} ${className}` : textStyles}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
