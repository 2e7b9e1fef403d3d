import { useId, useState, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { MAX_RATING, starFills, starsLabel } from '@/lib/rating';
import { FieldError } from './field-error';
import { StarIcon } from './star-icon';

type StarRatingInputProps = {
  legend: string;
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
  /** Given to the first radio, so a form can focus the group. */
  ref?: Ref<HTMLInputElement>;
};

/**
 * Ten radios, "0.5 stars" to "5 stars", drawn as five stars: each star's left
 * and right halves are the hit areas of its two half steps. Arrow keys move
 * between the steps as in any radio group.
 */
export function StarRatingInput({ legend, name, value, onChange, onBlur, error, ref }: StarRatingInputProps) {
  const [hovered, setHovered] = useState<number | null>(null);
  const errorId = useId();
  const shown = hovered ?? value ?? 0;

  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <div
          className="flex rounded-lg has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-700"
          onMouseLeave={() => setHovered(null)}
        >
          {starFills(shown).map((fill, i) => (
            <div key={i} className="relative size-12 p-1">
              <StarIcon fill={fill} className="size-10" />
              {[i + 0.5, i + 1].map((step) => (
                <label
                  key={step}
                  className={cn('absolute inset-y-0 w-1/2', step === i + 1 ? 'right-0' : 'left-0')}
                  onMouseEnter={() => setHovered(step)}
                >
                  <input
                    ref={step === 0.5 ? ref : undefined}
                    type="radio"
                    name={name}
                    value={step}
                    checked={value === step}
                    onChange={() => onChange(step)}
                    onBlur={onBlur}
                    aria-invalid={error ? true : undefined}
                    className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                  />
                  <span className="sr-only">{starsLabel(step)}</span>
                </label>
              ))}
            </div>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-slate-700">
          {value ? `${value} out of ${MAX_RATING}` : 'Not rated yet'}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
