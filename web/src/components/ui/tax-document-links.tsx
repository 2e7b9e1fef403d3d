import { gstMessages, type Order } from '@shop/shared';
import { FileText } from 'lucide-react';

/**
 * Links to an order's tax invoice and each of its credit notes (one per
 * refund) as PDFs, when GST was on at the sale. `base` is the order's API
 * path: the customer's or the owner's.
 */
export function TaxDocumentLinks({ documents, base }: { documents: Order['taxDocuments']; base: string }) {
  if (!documents) return null;
  const links = [
    { href: `${base}/invoice.pdf`, label: gstMessages.invoiceLink, number: documents.invoice },
    ...documents.creditNotes.map((number, i) => ({
      // The first keeps the link it always had; the server picks a later one by ?n=.
      href: `${base}/credit-note.pdf${i === 0 ? '' : `?n=${i + 1}`}`,
      label: gstMessages.creditNoteLink,
      number,
    })),
  ];
  return (
    <ul className="mt-3 space-y-1 text-sm">
      {links.map((link) => (
        <li key={link.href}>
          <a
            href={link.href}
            download
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-indigo-700 underline hover:text-indigo-900"
          >
            <FileText aria-hidden="true" className="size-4" />
            {link.label} {link.number}
          </a>
        </li>
      ))}
    </ul>
  );
}
