import { SelectField } from '@/components/ui/select-field';
import type { StatusFilter as Status } from '../hooks/use-status-filter';

const labels: Record<Status, string> = {
  all: 'All',
  placed: 'Placed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned: 'Returned',
};

/** Applies at once: a select with a few choices needs no Filter button. */
export function StatusFilter({ value, onChange }: { value: Status; onChange: (status: Status) => void }) {
  return (
    <div className="w-full sm:w-56">
      <SelectField label="Status" value={value} onChange={(event) => onChange(event.target.value as Status)}>
        {(Object.keys(labels) as Status[]).map((status) => (
          <option key={status} value={status}>
            {labels[status]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
