import { z } from 'zod';

/** The one error shape of the API. */
export const errorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });
export const dataMessageSchema = z.object({ data: z.string() });
