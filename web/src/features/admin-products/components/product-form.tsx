import {
  CATEGORIES,
  CATEGORY_LABELS,
  GST_RATES,
  MAX_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  messages,
  type AdminProduct,
  type ProductInput,
} from '@shop/shared';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useSaveProduct } from '../api/save-product';
import { heldStockHint } from '../utils/held-stock';
import { productListPath } from '../utils/list-return';
import { productFormDefaults, productResolver, type ProductFormValues } from '../utils/product-form';
import { ImageField } from './image-field';

/** The add form without a product; the edit form with the product it changes. */
export function ProductForm({ product }: { product?: AdminProduct }) {
  const editing = product !== undefined;
  const navigate = useNavigate();
  const listPath = productListPath(useLocation().state);
  const save = useSaveProduct(product?._id, product?.countInStock);
  const [uploading, setUploading] = useState(false);
  const form = useForm<ProductFormValues, unknown, ProductInput>({
    resolver: productResolver,
    defaultValues: productFormDefaults(product),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    (input) =>
      save.mutate(input, {
        onSuccess: () => {
          toast.success(editing ? messages.productUpdated : messages.productAdded);
          void navigate(listPath);
        },
        onError: (error) => showApiError(error, form),
      }),
    (invalid: FieldErrors<ProductFormValues>) => {
      // Spec section 5: one toast for the form; each field shows its own message too.
      const texts = Object.values(invalid).map((error) => error?.message);
      const text = texts.includes(messages.fieldsCantBeEmpty)
        ? messages.fieldsCantBeEmpty
        : texts.find(Boolean);
      if (text) toast.error(text, { id: 'product-invalid' });
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-3">
      <div className="sm:col-span-3">
        <Field
          label="Name"
          maxLength={MAX_PRODUCT_NAME_LENGTH}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <SelectField label="Category" error={errors.category?.message} {...form.register('category')}>
        {!editing && <option value="">Select category</option>}
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {CATEGORY_LABELS[category]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Price"
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        error={errors.price?.message}
        {...form.register('price', { valueAsNumber: true })}
      />
      <Field
        label="Count In Stock"
        type="number"
        step="1"
        min="0"
        inputMode="numeric"
        hint={heldStockHint(product?.heldInCheckouts ?? 0)}
        error={errors.countInStock?.message}
        {...form.register('countInStock', { valueAsNumber: true })}
      />
      <Field
        label="HSN code"
        inputMode="numeric"
        maxLength={8}
        hint="4, 6 or 8 digits, for the tax invoice"
        error={errors.hsnCode?.message}
        {...form.register('hsnCode')}
      />
      <SelectField label="GST rate" error={errors.gstRate?.message} {...form.register('gstRate')}>
        <option value="">Not set</option>
        {GST_RATES.map((rate) => (
          <option key={rate} value={String(rate)}>
            {rate} %
          </option>
        ))}
      </SelectField>
      <div className="sm:col-span-3">
        <ImageField form={form} onUploadingChange={setUploading} />
      </div>
      <div className="sm:col-span-3">
        <TextareaField
          label="Description"
          rows={6}
          maxLength={MAX_DESCRIPTION_LENGTH}
          error={errors.description?.message}
          {...form.register('description')}
        />
      </div>
      <div className="sm:col-span-3">
        {/* Saving while an upload runs would keep the old image. */}
        <Button type="submit" loading={save.isPending} disabled={uploading} className="w-full sm:w-auto">
          {editing ? 'Update Product' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
