import '@mantine/core/styles/Skeleton.layer.css';
import { Input, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useBlurValidation, useFieldContext, useVisibleError } from '@/lib/form';
import classes from './rich-text.module.css';

// tiptap and ProseMirror are the heaviest code of the app: they load only when
// an editor is actually shown, never with a page's first chunk.
const loadEditor = () => import('./rich-text-editor');
const RichTextEditorImpl = lazy(loadEditor);

export interface RichTextInputProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  description?: string;
  required?: boolean;
  minHeight?: number;
  /**
   * Start the editor when the field is first focused, tapped or clicked, and show the text
   * until then. For a form whose other fields are what most visits change: the editor costs a
   * slow phone's main thread some 0.5 s to start, which such a page then spends only when the
   * text is edited. Its code is fetched as soon as the pointer comes over the field.
   */
  activateOnFocus?: boolean;
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
  activateOnFocus = false,
}: RichTextInputProps) {
  const id = useId();
  const [active, setActive] = useState(!activateOnFocus);
  const activate = () => setActive(true);
  const text = useMemo(() => (active ? '' : textOf(value)), [active, value]);
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
    >
      {active ? (
        <Suspense fallback={<Skeleton height={minHeight + 44} radius="md" aria-label="编辑器加载中" />}>
          <RichTextEditorImpl
            value={value}
            onChange={onChange}
            {...(onBlur ? { onBlur } : {})}
            label={label}
            invalid={Boolean(error)}
            minHeight={minHeight}
            autoFocus={activateOnFocus}
          />
        </Suspense>
      ) : (
        <div
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-invalid={error ? 'true' : undefined}
          tabIndex={0}
          className={classes.dormant}
          data-invalid={error ? true : undefined}
          style={{ minHeight: minHeight + 44 }}
          onFocus={activate}
          onPointerDown={activate}
          onPointerEnter={() => void loadEditor()}
        >
          {text ? (
            <Text className={classes.dormantText}>{text}</Text>
          ) : (
            <Text c="dimmed" size="sm">
              点击开始编辑
            </Text>
          )}
        </div>
      )}
    </Input.Wrapper>
  );
}

/** The words of stored HTML, read in an inert template (nothing in it loads or runs). */
function textOf(html: string): string {
  if (!html) return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  // one line per paragraph, heading, item...
  for (const block of template.content.querySelectorAll('p, li, h1, h2, h3, h4, blockquote, pre, br')) {
    block.append('\n');
  }
  return (template.content.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
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
