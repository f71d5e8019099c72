import {
  Button,
  type ButtonProps,
  PasswordInput,
  type PasswordInputProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { createFormHook, createFormHookContexts, useStore } from '@tanstack/react-form';
import type { ChangeEvent, ReactNode } from 'react';

const { fieldContext, formContext, useFieldContext, useFormContext } = createFormHookContexts();

/** Validators may yield strings or Standard Schema issues (zod); show the first message. */
export function firstErrorMessage(errors: readonly unknown[]): string | undefined {
  for (const error of errors.flat(2)) {
    if (typeof error === 'string' && error) return error;
    if (typeof error === 'object' && error !== null && 'message' in error) {
      const { message } = error as { message: unknown };
      if (typeof message === 'string' && message) return message;
    }
  }
  return undefined;
}

/**
 * Errors wait until the user has left the field or tried to submit, so a
 * half-typed value is not scolded; after that they follow every keystroke.
 * Fields declare one `onChange` validator; leaving a field runs it too (see
 * useBlurValidation), so there is a single error per field to keep current.
 */
export function useVisibleError(): string | undefined {
  const field = useFieldContext<unknown>();
  const submitted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const meta = field.state.meta;
  return meta.isBlurred || submitted ? firstErrorMessage(meta.errors) : undefined;
}

/** Leaving a field validates it even when it was never typed in. */
export function useBlurValidation() {
  const field = useFieldContext<unknown>();
  return () => {
    field.handleBlur();
    void field.validate('change');
  };
}

export type BoundInputProps<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/** What every bound input takes from its field: the field itself, its name, its visible error and blur validation. */
export function useFieldBinding<V>() {
  const field = useFieldContext<V>();
  const error = useVisibleError();
  const onBlur = useBlurValidation();
  return { field, name: field.name, error, onBlur };
}

/** The props of a text-like input (TextInput, PasswordInput, Textarea) bound to a string field. */
export function useTextBinding() {
  const { field, ...props } = useFieldBinding<string>();
  return {
    ...props,
    value: field.state.value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      field.handleChange(event.currentTarget.value),
  };
}

function TextField(props: BoundInputProps<TextInputProps>) {
  const binding = useTextBinding();
  return <TextInput {...props} {...binding} />;
}

function PasswordField(props: BoundInputProps<PasswordInputProps>) {
  const binding = useTextBinding();
  return <PasswordInput {...props} {...binding} />;
}

function SubmitButton({ children, ...props }: Omit<ButtonProps, 'type'> & { children: ReactNode }) {
  const form = useFormContext();
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  return (
    <Button type="submit" loading={submitting} {...props}>
      {children}
    </Button>
  );
}

/**
 * The one form hook of the app: TanStack Form state and zod validation,
 * rendered with Mantine inputs (`<form.AppField>{(f) => <f.TextField/>}`).
 */
export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PasswordField },
  formComponents: { SubmitButton },
});

export { useFieldContext, useFormContext };
