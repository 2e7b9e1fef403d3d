import { zodResolver } from '@hookform/resolvers/zod';
import { loginFormSchema, type LoginInput } from '@shop/shared';
import { MutationObserver } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { loginMutationOptions } from '../api/login';

/** What only sending the login form needs; login-form.tsx fetches it when the visitor starts on the form. */
export const loginResolver = zodResolver(loginFormSchema);

export function logIn(values: LoginInput) {
  return new MutationObserver(queryClient, loginMutationOptions(queryClient)).mutate(values);
}
