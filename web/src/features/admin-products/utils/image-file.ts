import { MAX_UPLOAD_BYTES, messages } from '@shop/shared';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The server checks again; this only saves sending a file it would refuse. */
export function imageFileProblem(file: File): string | undefined {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return messages.uploadNotImage;
  if (file.size > MAX_UPLOAD_BYTES) return messages.uploadTooLarge;
  return undefined;
}
