import { TEST_MODE_BANNER } from '@shop/shared';

/**
 * With the test gateway taking payments, every page says so above the app, in the HTML itself:
 * it shows before any script runs and costs the pages no JavaScript.
 */
export function withTestModeBanner(html: string, testPayments: boolean): string {
  if (!testPayments) return html;
  const banner =
    '<aside aria-label="Test mode" style="background:#fef3c7;color:#78350f;border-bottom:1px solid #f59e0b;' +
    'padding:6px 12px;text-align:center;font:600 14px/1.4 system-ui,sans-serif">' +
    `${TEST_MODE_BANNER}</aside>`;
  return html.replace(/<body[^>]*>/, (body) => `${body}${banner}`);
}
