import { useParams } from 'react-router';
import { ProductView } from '@/features/products/components/product-view';

/** /item/:id */
export function ProductRoute() {
  const { id = '' } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <ProductView key={id} id={id} />
    </div>
  );
}
