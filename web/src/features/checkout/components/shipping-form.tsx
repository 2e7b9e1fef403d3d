import { zodResolver } from '@hookform/resolvers/zod';
import { messages, shippingSchema, STATE_NAMES, type Shipping, type ShippingInput } from '@shop/shared';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { cn } from '@/lib/cn';
import type { FormHandle } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

type FieldSpec = {
  name: keyof ShippingInput;
  label: string;
  wide?: boolean;
} & Pick<ComponentProps<'input'>, 'autoComplete' | 'type' | 'inputMode' | 'maxLength'>;

/** Spec section 3's eight fields; phone and pincode are numeric inputs (section 5). */
const fields: FieldSpec[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    // Room for '+91 98765 43210': the schema keeps the ten digits.
    maxLength: 16,
  },
  { name: 'streetAddress', label: 'Street Address', autoComplete: 'street-address', wide: true },
  { name: 'town', label: 'Town', autoComplete: 'address-level2' },
  { name: 'pincode', label: 'Pincode', inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 7 },
  { name: 'state', label: 'State' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
];

type ShippingFormProps = {
  /** The Pay button sits in the order summary and submits this form through its id. */
  id: string;
  /** Some or all of the fields, to start from. */
  defaults: Partial<ShippingInput>;
  onSubmit: (shipping: Shipping, form: FormHandle<ShippingInput>) => void;
};

export function ShippingForm({ id, defaults, onSubmit }: ShippingFormProps) {
  const form = useForm({
    resolver: zodResolver(shippingSchema),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      streetAddress: '',
      town: '',
      pincode: '',
      state: '',
      country: 'India',
      ...defaults,
    },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    (shipping) => onSubmit(shipping, form),
    (invalid) => {
      const texts = Object.values(invalid).map((error) => error?.message);
      const text = texts.includes(messages.fillAllFields) ? messages.fillAllFields : texts.find(Boolean);
      if (text) toast.error(text, { id: 'shipping-invalid' });
    },
  );

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-5 sm:grid-cols-2">
      {fields.map(({ name, label, wide, ...input }) => (
        <div key={name} className={cn(wide && 'sm:col-span-2')}>
          {name === 'state' ? (
            // The place of supply for GST: one of India's states and union territories.
            <SelectField
              label={label}
              autoComplete="address-level1"
              error={errors.state?.message}
              {...form.register('state')}
            >
              <option value="">Select state</option>
              {STATE_NAMES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </SelectField>
          ) : (
            <Field label={label} error={errors[name]?.message} {...input} {...form.register(name)} />
          )}
        </div>
      ))}
    </form>
  );
}
