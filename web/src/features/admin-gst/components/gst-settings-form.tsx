import { zodResolver } from '@hookform/resolvers/zod';
import {
  gstMessages,
  gstSettingsSchema,
  INDIAN_STATES,
  type GstSettings,
  type GstSettingsInput,
} from '@shop/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { SelectField } from '@/components/ui/select-field';
import { Loading } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { showApiError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useGstSettings, useSaveGstSettings } from '../api/gst-settings';

/** The seller's GST details and the switch; loaded first, so the form opens with what is stored. */
export function GstSettingsForm() {
  const settings = useGstSettings();
  if (settings.isPending) return <Loading label="Loading the GST settings…" />;
  if (settings.isError) {
    return (
      <LoadError
        title={gstMessages.settingsLoadFailed}
        detail={settings.error.message}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <SettingsForm stored={settings.data} />;
}

function SettingsForm({ stored }: { stored: GstSettings }) {
  const save = useSaveGstSettings();
  const form = useForm<GstSettingsInput, unknown, GstSettings>({
    resolver: zodResolver(gstSettingsSchema),
    defaultValues: stored,
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: ({ body }) => {
        form.reset(body.settings);
        toast.success(gstMessages.settingsSaved);
      },
      onError: (error) => showApiError(error, form),
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-2xl gap-5">
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-900">
        <input type="checkbox" className="size-5 accent-indigo-700" {...form.register('enabled')} />
        Charge GST and issue tax invoices
      </label>
      <Field label="Legal name" error={errors.legalName?.message} {...form.register('legalName')} />
      <TextareaField label="Address" rows={3} error={errors.address?.message} {...form.register('address')} />
      <SelectField label="State" error={errors.stateCode?.message} {...form.register('stateCode')}>
        <option value="">Select state</option>
        {INDIAN_STATES.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name} ({state.code})
          </option>
        ))}
      </SelectField>
      <Field
        label="GSTIN"
        maxLength={15}
        autoCapitalize="characters"
        hint="15 characters; its first two digits are the state's code"
        error={errors.gstin?.message}
        {...form.register('gstin')}
      />
      <Field
        label="Invoice prefix"
        maxLength={4}
        autoCapitalize="characters"
        hint="1 to 4 letters or digits: invoices are numbered PREFIX/2627/00001"
        error={errors.invoicePrefix?.message}
        {...form.register('invoicePrefix')}
      />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save GST settings
        </Button>
      </div>
    </form>
  );
}
