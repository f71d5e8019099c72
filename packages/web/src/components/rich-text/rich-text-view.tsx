import '@mantine/core/styles/Typography.layer.css';
import { Skeleton, Stack, Typography } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import classes from './rich-text.module.css';

type Sanitize = (html: string) => string;

// DOMPurify loads with the first rich text shown, not with the page that may show one.
let loaded: Sanitize | null = null;
let loading: Promise<Sanitize> | null = null;
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize-html').then(
    (module) => (loaded = module.sanitizeHtml),
    (error: unknown) => {
      // asked again by the next rich text shown
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * For the loader of a page that opens on rich text: the sanitizer arrives with the page's data,
 * so the text is drawn at once instead of two skeleton lines that the text then pushes the rest
 * of the page down from. A failure is left to the page, which asks again.
 */
export function preloadRichTextView(): Promise<void> {
  return loadSanitizer().then(
    () => undefined,
    () => undefined,
  );
}

function useSanitizer(): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(() => loaded);
  useEffect(() => {
    if (sanitize) return;
    let live = true;
    void loadSanitizer().then((ready) => {
      if (live) setSanitize(() => ready);
    });
    return () => {
      live = false;
    };
  }, [sanitize]);
  return sanitize;
}

/** Stored notice HTML, rendered with the app's typography once sanitized. */
export function RichTextView({ html, label }: { html: string; label?: string }) {
  const sanitize = useSanitizer();
  const clean = useMemo(() => (sanitize ? sanitize(html) : null), [sanitize, html]);
  if (clean === null) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="正在加载">
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  return (
    <Typography
      className={classes.view}
      aria-label={label}
      // Sanitized above; the server sanitized it before storing.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
