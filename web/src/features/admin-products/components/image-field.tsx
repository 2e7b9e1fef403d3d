import { imageField, messages, type ProductInput } from '@shop/shared';
import { useId, type ChangeEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { ProductImage } from '@/components/ui/product-image';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useUploadImage } from '../api/upload-image';
import { IMAGE_TYPES, imageFileProblem } from '../utils/image-file';
import type { ProductFormValues } from '../utils/product-form';

type ImageFieldProps = {
  form: UseFormReturn<ProductFormValues, unknown, ProductInput>;
  onUploadingChange: (uploading: boolean) => void;
};

/** 'Image URL', and beside it a file input that uploads at once and fills the URL in. */
export function ImageField({ form, onUploadingChange }: ImageFieldProps) {
  const uploadId = useId();
  const upload = useUploadImage();
  const image = useWatch({ control: form.control, name: 'image' }) ?? '';

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      toast.error(problem);
      input.value = '';
      return;
    }
    onUploadingChange(true);
    upload.mutate(file, {
      onSuccess: ({ body }) => {
        form.setValue('image', body.url, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        toast.success(messages.imageUploaded);
      },
      onError: (error) => {
        showApiError(error);
        // The same file may be chosen again.
        input.value = '';
      },
      onSettled: () => onUploadingChange(false),
    });
  };

  return (
    <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
      <Field
        label="Image URL"
        maxLength={2000}
        placeholder="https://…"
        error={form.formState.errors.image?.message}
        {...form.register('image')}
      />
      <div className="space-y-1.5">
        <label htmlFor={uploadId} className="block text-sm font-medium text-slate-900">
          Upload image
        </label>
        <input
          id={uploadId}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          aria-describedby={`${uploadId}-hint`}
          // Not disabled while uploading: that would drop the keyboard's focus to the page. It says
          // so, and a press opens no file picker meanwhile.
          aria-disabled={upload.isPending || undefined}
          onClick={(event) => {
            if (upload.isPending) event.preventDefault();
          }}
          onChange={onFile}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-800 hover:file:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 aria-disabled:opacity-70"
        />
        <p id={`${uploadId}-hint`} className="text-sm text-slate-600">
          JPEG, PNG or WebP, at most 5 MB.
        </p>
        <p role="status" className="text-sm font-medium text-slate-700">
          {upload.isPending ? 'Uploading…' : ''}
        </p>
      </div>
      <ProductImage
        src={imageField.safeParse(image).success ? image : ''}
        alt="Image preview"
        width={96}
        height={96}
        className="size-24 rounded-lg bg-slate-100 object-contain p-1 ring-1 ring-slate-200"
      />
    </div>
  );
}
