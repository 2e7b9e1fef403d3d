import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_SHOP_PAGE_LENGTH,
  ownMessages,
  shopPageInputSchema,
  type ShopPage,
  type ShopPageSlug,
} from '@shop/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import Markdown from '@/components/ui/markdown';
import { Loading } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useAdminPages, useSavePage } from '../api/pages';

export function PageEditorView({ slug }: { slug: ShopPageSlug }) {
  const pages = useAdminPages();
  if (pages.isPending) return <Loading />;
  if (pages.isError)
    return (
      <LoadError
        title={ownMessages.pagesLoadFailed}
        detail={pages.error.message}
        onRetry={() => void pages.refetch()}
      />
    );
  const page = pages.data.find((p) => p.slug === slug);
  if (!page) return <p className="text-slate-700">{ownMessages.pageNotFound}</p>;
  return <PageEditor page={page} />;
}

/** The page's Markdown, and below it the page as shoppers will see it. */
function PageEditor({ page }: { page: ShopPage }) {
  const navigate = useNavigate();
  const save = useSavePage(page.slug);
  const form = useForm({ resolver: zodResolver(shopPageInputSchema), defaultValues: { body: page.body } });
  const text = useWatch({ control: form.control, name: 'body' });
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: ({ body }) => {
        toast.success(body.message);
        void navigate('/admin/pages');
      },
      onError: (error) => showApiError(error, form),
    }),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <TextareaField
          label={`${page.title} (Markdown)`}
          rows={20}
          maxLength={MAX_SHOP_PAGE_LENGTH}
          className="font-mono text-sm"
          error={form.formState.errors.body?.message}
          {...form.register('body')}
        />
        <p className="text-sm text-slate-700">
          Markdown: ## for a heading, - for a list item, **bold**, [text](https://address) for a link. HTML is
          shown as text.
        </p>
        <Button type="submit" loading={save.isPending}>
          Save page
        </Button>
      </form>
      <section
        aria-labelledby="preview-title"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      >
        <h3 id="preview-title" className="mb-4 text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Preview
        </h3>
        <Markdown text={text} />
      </section>
    </div>
  );
}
