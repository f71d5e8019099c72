import sanitizeHtml from 'sanitize-html';

/**
 * What survives of a notice's HTML (the rich-text editor's output): common
 * formatting, lists, tables, links and images. Scripts, iframes, forms, event
 * handlers, classes and any style beyond a few harmless properties are dropped;
 * links keep only http/https/mailto and always get rel="noopener noreferrer";
 * images only http/https or an inline raster image (data:image/png|jpeg|gif|webp).
 */
const SAFE_COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];
const SAFE_LENGTH = [/^\d+(\.\d+)?(px|em|rem|%|pt)$/];
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  // prettier-ignore
  allowedTags: [
    'p', 'br', 'hr', 'div', 'span',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ins', 'mark', 'sub', 'sup', 'small',
    'blockquote', 'pre', 'code',
    'ul', 'ol', 'li',
    'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
    'a', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start', 'type'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align', 'scope'],
    col: ['span', 'width'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: SAFE_COLOR,
      'background-color': SAFE_COLOR,
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      'font-size': SAFE_LENGTH,
      'padding-left': SAFE_LENGTH,
      'text-indent': SAFE_LENGTH,
      width: SAFE_LENGTH,
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the text inside these would otherwise be kept as text
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs, rel: 'noopener noreferrer' };
      // a new tab or nothing: other targets could name a frame of the app
      if (attributes.target !== undefined && attributes.target !== '_blank') delete attributes.target;
      return { tagName, attribs: attributes };
    },
    img: (tagName, attribs) => {
      const attributes = { ...attribs };
      // data: passed the scheme check; only inline raster images may stay (no SVG, no HTML)
      if (
        attributes.src?.trim().toLowerCase().startsWith('data:') &&
        !DATA_IMAGE.test(attributes.src.trim())
      ) {
        delete attributes.src;
      }
      return { tagName, attribs: attributes };
    },
  },
  // an image with no usable source is nothing to show
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of sanitized HTML, whitespace collapsed (block ends count as spaces). */
export function plainText(html: string): string {
  const spaced = html.replace(
    /<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/td|\/th|\/blockquote|\/pre)\b[^>]*>/gi,
    ' $&',
  );
  const text = sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: OPTIONS.nonTextTags,
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** The summary lists show: the first 100 characters of the plain text. */
export function summaryOf(html: string): string {
  return [...plainText(html)].slice(0, 100).join('');
}

/** Whether sanitized HTML still shows something: text, or at least one image. */
export function hasVisibleContent(html: string): boolean {
  return plainText(html) !== '' || /<img\s/i.test(html);
}
