import createDOMPurify from 'dompurify';

// An instance of its own, so the hooks below apply to notice HTML only.
const purify = createDOMPurify(window);

const RASTER_DATA_IMAGE = /^data:image\/(png|gif|jpe?g|webp);/i;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  // DOMPurify lets any data: URL into an image; only pictures the editor can paste are kept.
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    if (src.trim().toLowerCase().startsWith('data:') && !RASTER_DATA_IMAGE.test(src.trim())) node.removeAttribute('src');
  }
});

/**
 * A second line of defence: the server already sanitizes notice HTML before
 * storing it, but the page does not rely on that alone. DOMPurify with HTML
 * only (no SVG or MathML, where script hides in animation attributes), no
 * inline styles and no form controls; links open in a new tab.
 */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}
