import { zodResolver } from '@hookform/resolvers/zod';
import { productInputSchema, type Category, type Product, type ProductInput } from '@shop/shared';
import type { Resolver } from 'react-hook-form';

/**
 * What the form holds: the fields the admin sends (productInputSchema), but no category chosen
 * yet is '', an emptied number input is NaN and the GST rate is its select's text.
 */
export type ProductFormValues = Omit<ProductInput, 'category' | 'price' | 'countInStock' | 'gstRate'> & {
  category: Category | '';
  price: number;
  countInStock: number;
  gstRate?: string;
};

/** Every field the admin sends, as the product shows it (or blank for a new one); not set is blank. */
export function productFormDefaults(product?: Product): Partial<ProductFormValues> {
  const fields = Object.keys(productInputSchema.shape) as (keyof ProductInput & keyof Product)[];
  const values: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, product?.[f] ?? '']));
  return { ...values, gstRate: product && product.gstRate !== null ? String(product.gstRate) : '' };
}

/**
 * The shared schema as it is: it already answers an empty field (a '' category,
 * a NaN number) with 'Fields cant be empty' and a filled but wrong one with the
 * field's own message. Only the form's looser input type needs the cast.
 */
export const productResolver = zodResolver(productInputSchema) as unknown as Resolver<
  ProductFormValues,
  unknown,
  ProductInput
>;
