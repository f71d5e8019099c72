import { useId } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceItem<T extends string> {
  value: T;
  label: string;
  /** This one choice cannot be taken now (the rest can). */
  disabled?: boolean;
}

export interface SegmentedChoiceProps<T extends string> {
  /** The group's accessible name (the radiogroup's label). */
  label: string;
  data: readonly SegmentedChoiceItem<T>[];
  value: T;
  onChange: (value: T) => void;
  size?: 'xs' | 'sm';
  disabled?: boolean;
  /** Id of the text that explains the choice (a disabled segment's reason). */
  describedBy?: string | undefined;
}

/**
 * One choice among a few, as a row of segments (a radio group).
 *
 * Looks like Mantine's SegmentedControl, without its sliding indicator: that one measures every
 * segment in an effect when it mounts, a forced style and layout of the whole new page right
 * after the first paint (70–100 ms on a phone). Here the chosen segment is styled by CSS alone.
 */
export function SegmentedChoice<T extends string>({
  label,
  data,
  value,
  onChange,
  size = 'sm',
  disabled = false,
  describedBy,
}: SegmentedChoiceProps<T>) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-describedby={describedBy}
      className={classes.root}
      data-size={size}
    >
      {data.map((item) => {
        const checked = item.value === value;
        const off = disabled || item.disabled === true;
        return (
          <label
            key={item.value}
            className={classes.segment}
            data-active={checked || undefined}
            data-disabled={off || undefined}
          >
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={item.value}
              checked={checked}
              disabled={off}
              onChange={() => onChange(item.value)}
            />
            {item.label}
          </label>
        );
      })}
    </div>
  );
}
