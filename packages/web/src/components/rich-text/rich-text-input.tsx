import '@mantine/core/styles/Skeleton.layer.css';
import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { useBlurValidation, useFieldContext, useVisibleError } from '@/lib/form';

// tiptap and ProseMirror are the heaviest code of the app: they load only when
// an editor is actually shown, never with a page's first chunk.
const RichTextEditorImpl = lazy(() => import('./rich-text-editor'));

export interface RichTextInputProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  minHeight?: number;
}

/** A labelled rich-text editor field; the editor arrives lazily behind a skeleton of its size. */
export function RichTextInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  required,
  minHeight = 240,
}: RichTextInputProps) {
  const id = useId();
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
    >
      <Suspense fallback={<Skeleton height={minHeight + 44} radius="md" aria-label="编辑器加载中" />}>
        <RichTextEditorImpl
          value={value}
          onChange={onChange}
          {...(onBlur ? { onBlur } : {})}
          label={label}
          invalid={Boolean(error)}
          minHeight={minHeight}
        />
      </Suspense>
    </Input.Wrapper>
  );
}

/** RichTextInput bound to the app form (use inside `form.AppField`). */
export function RichTextField(props: Omit<RichTextInputProps, 'value' | 'onChange' | 'onBlur' | 'error'>) {
  const field = useFieldContext<string>();
  const error = useVisibleError();
  const onBlur = useBlurValidation();
  return (
    <RichTextInput
      {...props}
      value={field.state.value}
      onChange={(html) => field.handleChange(html)}
      onBlur={onBlur}
      error={error}
    />
  );
}
