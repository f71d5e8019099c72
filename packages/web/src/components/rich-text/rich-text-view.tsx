import '@mantine/core/styles/Typography.layer.css';
import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import classes from './rich-text.module.css';

const DROPPED_ELEMENTS = 'script,style,iframe,frame,frameset,object,embed,link,meta,base,form,input,button,textarea,select';

function unsafeUrl(value: string, allowDataImage: boolean): boolean {
  // Browsers ignore blanks and control characters inside a scheme ("java\tscript:").
  const url = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
  if (url.startsWith('javascript:') || url.startsWith('vbscript:')) return true;
  if (url.startsWith('data:')) return !(allowDataImage && /^data:image\/(png|gif|jpe?g|webp);/.test(url));
  return false;
}

/**
 * A second line of defence: the server already sanitizes notice HTML before
 * storing it, but the page does not rely on that alone. Drops active
 * elements, event handlers and script URLs; links open in a new tab.
 */
export function cleanHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  doc.body.querySelectorAll(DROPPED_ELEMENTS).forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') element.removeAttribute(attribute.name);
      else if ((name === 'href' || name === 'src' || name === 'xlink:href' || name === 'action') &&
        unsafeUrl(attribute.value, name === 'src' && element.tagName === 'IMG')) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return doc.body.innerHTML;
}

/** Stored notice HTML, rendered with the app's typography. */
export function RichTextView({ html, label }: { html: string; label?: string }) {
  const clean = useMemo(() => cleanHtml(html), [html]);
  return (
    <Typography
      className={classes.view}
      aria-label={label}
      // Cleaned above; the server sanitized it before storing.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
