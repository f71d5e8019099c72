import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import {
  Checkbox,
  type CheckboxGroupProps,
  NumberInput,
  type NumberInputProps,
  Select,
  type SelectProps,
  Textarea,
  type TextareaProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import {
  type BoundInputProps,
  useFieldBinding,
  useFieldContext,
  useTextBinding,
  useVisibleError,
} from './form';

// More bound inputs for the app form, used as children of `form.AppField`:
//   <form.AppField name="courseId">{() => <SelectField label="课程" data={...} />}</form.AppField>
// They live apart from lib/form.tsx on purpose: registering them with
// createFormHook would pull Select (Combobox, Popover) into the login page's
// first load, which only needs text inputs.

export function TextareaField(props: BoundInputProps<TextareaProps>) {
  const binding = useTextBinding();
  return <Textarea {...props} {...binding} />;
}

/**
 * A number; the value is what NumberInput holds: a number, or '' while the box is empty (or
 * a string it cannot read yet), so a schema can tell the teacher to fill it in.
 */
export function NumberField(props: BoundInputProps<NumberInputProps>) {
  const { field, name, error, onBlur } = useFieldBinding<number | string>();
  return (
    <NumberInput
      {...props}
      name={name}
      value={field.state.value}
      onChange={(value) => field.handleChange(value)}
      onBlur={onBlur}
      error={error}
    />
  );
}

/**
 * A single choice; the value is '' while nothing is chosen, so a schema can ask for one.
 * A required choice is not cleared by clicking the chosen option again.
 */
export function SelectField(props: BoundInputProps<SelectProps>) {
  const { field, name, error, onBlur } = useFieldBinding<string>();
  return (
    <Select
      allowDeselect={!props.required}
      {...props}
      name={name}
      value={field.state.value || null}
      onChange={(value) => field.handleChange(value ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}

/** Several choices shown as checkboxes; the value is the list of checked values. */
export function CheckboxGroupField({
  options,
  empty,
  disabled = false,
  ...props
}: BoundInputProps<Omit<CheckboxGroupProps, 'children'>> & {
  options: readonly { value: string; label: ReactNode }[];
  /** Shown instead of the boxes when there is nothing to choose from. */
  empty?: ReactNode;
  /** Every box shows its state but cannot be changed (a choice the server no longer allows). */
  disabled?: boolean;
}) {
  const field = useFieldContext<string[]>();
  const error = useVisibleError();
  return (
    <Checkbox.Group
      {...props}
      value={field.state.value}
      onChange={(value) => {
        field.handleChange(value);
        field.handleBlur();
      }}
      error={error}
    >
      {options.length === 0 ? (
        empty
      ) : (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-md)', paddingTop: 6 }}>
          {options.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} disabled={disabled} />
          ))}
        </div>
      )}
    </Checkbox.Group>
  );
}
