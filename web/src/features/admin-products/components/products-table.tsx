import { cutText, formatRupees, NAME_CUT, type AdminProduct } from '@shop/shared';
import { Pencil } from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'react-router';
import { Cell, DataTable, IdText } from '@/components/ui/data-table';
import { IconLink } from '@/components/ui/icon-link';
import { type ListReturn } from '../utils/list-return';
import { DeleteProductButton } from './delete-product-button';

const columns = ['#', 'ID', 'Name', 'Price', 'Stock', 'Edit', 'Delete'] as const;

/**
 * Spec section 2: index, id, name cut to 50 characters, price, stock (with the units unpaid
 * checkouts hold), edit and delete.
 */
export function ProductsTable({ products, firstNumber }: { products: AdminProduct[]; firstNumber: number }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const focusTable = () => regionRef.current?.focus();
  // The edit form returns to this page of the list, with its search.
  const editState: ListReturn = { listSearch: useLocation().search };
  return (
    <DataTable ref={regionRef} caption="Products" columns={columns}>
      {products.map((product, index) => (
        <tr key={product._id}>
          <Cell label="#" className="text-slate-700">
            {firstNumber + index}
          </Cell>
          <Cell label="ID">
            <IdText id={product._id} />
          </Cell>
          <Cell label="Name" className="min-w-48 font-medium text-slate-900">
            <span title={product.name}>{cutText(product.name, NAME_CUT.adminList)}</span>
          </Cell>
          <Cell label="Price" className="whitespace-nowrap">
            {formatRupees(product.price)}
          </Cell>
          <Cell label="Stock">
            {product.countInStock}
            {/* Units unpaid checkouts took off the count; they come back if not paid. */}
            {product.heldInCheckouts > 0 && (
              <>
                {' '}
                <span className="whitespace-nowrap text-slate-600">
                  (+{product.heldInCheckouts} held<span className="sr-only"> in unpaid checkouts</span>)
                </span>
              </>
            )}
          </Cell>
          <Cell label="Edit">
            <IconLink
              to={`/admin/editProduct/${encodeURIComponent(product._id)}`}
              state={editState}
              label={`Edit ${product.name}`}
              icon={<Pencil aria-hidden="true" className="size-5" />}
              className="text-indigo-700"
            />
          </Cell>
          <Cell label="Delete">
            <DeleteProductButton product={product} onDeleted={focusTable} />
          </Cell>
        </tr>
      ))}
    </DataTable>
  );
}
