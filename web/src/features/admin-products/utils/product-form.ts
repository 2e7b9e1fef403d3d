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
  /** For the tax invoice; blank is not set. */
  hsnCode?: string;
  gstRate?: string;
};

export function productFormDefaults(product?: Product): Partial<ProductFormValues> {
  if (!product) return { name: '', category: '', image: '', description: '', hsnCode: '', gstRate: '' };
  const { name, category, price, countInStock, image, description } = product;
  const tax = {
    hsnCode: product.hsnCode ?? '',
    gstRate: product.gstRate === null ? '' : String(product.gstRate),
  };
  return { name, category, price, countInStock, image, description, ...tax };
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
