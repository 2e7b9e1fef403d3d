import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadFirstPage } from '@/app/first-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

// The first page's code first, then one render of the page itself (first-page.ts).
void preloadFirstPage(window.location.pathname).then(() =>
  // A transition: React renders the first page in slices with the browser free between them,
  // rather than in one long task while the shopper cannot scroll or type.
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
