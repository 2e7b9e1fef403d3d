import { zodResolver } from '@hookform/resolvers/zod';
import { productFilterSchema } from '@shop/shared';

/** Loaded with the filter form's first submit (product-filters.tsx). */
export const filterResolver = zodResolver(productFilterSchema);
