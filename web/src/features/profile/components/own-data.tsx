import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, ownMessages } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { ApiError } from '@/lib/api-error';
import { showApiError } from '@/lib/form-errors';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useDeleteAccount } from '../api/delete-account';

/** The customer's own data (DPDP Act, 2023): a JSON download, and deleting the account. */
export function OwnData() {
  return (
    <section aria-labelledby="own-data-title" className="mt-8 space-y-4 border-t border-slate-200 pt-6">
      <h2 id="own-data-title" className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="text-sm text-slate-700">
        Your profile, orders, reviews and cart as a file. See the{' '}
        <a href="/privacy" className="font-semibold text-indigo-700 underline underline-offset-2">
          privacy policy
        </a>{' '}
        for what the shop keeps.
      </p>
      <a href="/api/user/export" download className={buttonStyles('secondary', 'w-full')}>
        <Download aria-hidden="true" className="size-4" />
        Download my data
      </a>
      <DeleteAccountForm />
    </section>
  );
}

function DeleteAccountForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteAccount();
  const form = useForm({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  // The client forgets the session once this page is gone: forgotten while the profile still
  // shows, the login check would send the browser to /login instead of the landing page.
  const [deleted, setDeleted] = useState(false);
  useEffect(
    () => () => {
      if (!deleted) return;
      clearSession();
      queryClient.clear();
    },
    [deleted, queryClient],
  );
  const onConfirm = form.handleSubmit((input) =>
    remove.mutate(input, {
      onSuccess: ({ body }) => {
        setDeleted(true);
        toast.success(body.message);
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401 && !error.sessionLost)
          form.setError('password', { message: error.message }, { shouldFocus: true });
        else showApiError(error, form);
      },
    }),
  );
  return (
    <form noValidate onSubmit={(event) => event.preventDefault()} className="space-y-3">
      <h3 className="font-semibold text-slate-900">Delete my account</h3>
      <p className="text-sm text-slate-700">{ownMessages.confirmDeleteAccount}</p>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <ConfirmDialog
        trigger={
          <Button
            type="button"
            loading={remove.isPending}
            className="w-full bg-red-700 hover:bg-red-800 active:bg-red-900"
          >
            Delete my account
          </Button>
        }
        title="Delete your account"
        description={ownMessages.confirmDeleteAccount}
        confirmLabel="Delete my account"
        onConfirm={() => void onConfirm()}
      />
    </form>
  );
}
