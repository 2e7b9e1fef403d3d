import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/** One JPEG, PNG or WebP of at most 5 MB in the field `image`; the answer is where the shop serves it. */
export function uploadImage(file: File) {
  const formData = new FormData();
  formData.append('image', file);
  return apiUpload<{ url: string }>('/api/admin/uploads', formData);
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auditLog }),
  });
}
