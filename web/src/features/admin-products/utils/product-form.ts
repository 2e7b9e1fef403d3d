import { zodResolver } from '@hookform/resolvers/zod';
import { productInputSchema, type Category, type Product, type ProductInput } from '@shop/shared';
import type { Resolver } from 'react-hook-form';

/** What the form holds: no category chosen yet is '', an emptied number input is NaN. */
export type ProductFormValues = {
  name: string;
  category: Category | '';
  price: number;
  countInStock: number;
  image: string;
  description: string;
};

export function productFormDefaults(product?: Product): Partial<ProductFormValues> {
  if (!product) return { name: '', category: '', image: '', description: '' };
  const { name, category, price, countInStock, image, description } = product;
  return { name, category, price, countInStock, image, description };
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
