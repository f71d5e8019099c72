import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

const URL_ATTRIBUTES = ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background', 'to', 'values', 'from', 'by'];
const ACTIVE_ELEMENTS = 'script,style,iframe,frame,frameset,object,embed,applet,link,meta,base,form,input,button,textarea,select,svg,math,set,animate,template,noscript';

/** Everything in the sanitized HTML that a browser could run, as readable findings (empty when safe). */
function executable(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const found: string[] = [];
  doc.body.querySelectorAll(ACTIVE_ELEMENTS).forEach((element) => found.push(`<${element.localName}>`));
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const { name, value } of element.attributes) {
      const url = [...value].filter((char) => char.charCodeAt(0) > 0x20).join('').toLowerCase();
      if (name.startsWith('on')) found.push(`${element.localName}[${name}]`);
      else if (name === 'style' || name === 'srcdoc') found.push(`${element.localName}[${name}]`);
      else if (URL_ATTRIBUTES.includes(name) && /^(javascript|vbscript|data:(?!image\/(png|gif|jpe?g|webp);))/.test(url))
        found.push(`${element.localName}[${name}=${value}]`);
    }
  });
  return found;
}

describe('sanitizeHtml', () => {
  it.each([
    ['an SVG animation writing a script URL', '<svg><a><set attributeName="href" to="javascript:alert(1)"/><text x="20" y="20">点我</text></a></svg>'],
    ['an SVG animate begin handler', '<svg><animate onbegin="alert(1)" attributeName="x" dur="1s"/></svg>'],
    ['an image error handler', '<img src="x" onerror="alert(1)">'],
    ['a script', '<p>正文</p><script>alert(1)</script>'],
    ['a script URL hidden by a tab', '<a href="jav&#x09;ascript:alert(1)">点我</a>'],
    ['an upper-case script URL', '<a href="JaVaScRiPt:alert(1)">点我</a>'],
    ['an HTML data URL', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点我</a>'],
    ['an SVG data image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
    ['an iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['a form posting to a script URL', '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">提交</button></form>'],
    ['an inline style', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['an object', '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">'],
    ['a details toggle handler', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
    ['a noscript parser differential', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['a MathML namespace confusion', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>'],
    ['a base and a meta refresh', '<base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ])('leaves nothing executable of %s', (_name, payload) => {
    const clean = sanitizeHtml(payload);
    expect(executable(clean)).toEqual([]);
    expect(clean).not.toMatch(/javascript:|alert\(1\)<\/script>|onerror|onbegin|ontoggle/i);
  });

  it('the check itself finds what it looks for', () => {
    expect(executable('<svg><set attributeName="href" to="javascript:alert(1)"/></svg>')).toEqual([
      '<svg>',
      '<set>',
      'set[to=javascript:alert(1)]',
    ]);
  });

  it('keeps formatting, tables, links and images', () => {
    const html =
      '<h2>安排</h2><p>第<strong>十</strong>周<em>上机</em><u>必到</u><s>取消</s></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote>引用</blockquote><pre><code>x = 1</code></pre>' +
      '<table><thead><tr><th>周次</th></tr></thead><tbody><tr><td colspan="2">第十周</td></tr></tbody></table>' +
      '<img src="https://example.com/a.png" alt="图"><img src="data:image/png;base64,iVBORw0KGgo=" alt="贴图">';
    const clean = sanitizeHtml(html);
    for (const part of [
      '<h2>安排</h2>',
      '<strong>十</strong>',
      '<em>上机</em>',
      '<u>必到</u>',
      '<s>取消</s>',
      '<ul><li>一</li></ul>',
      '<ol><li>二</li></ol>',
      '<blockquote>引用</blockquote>',
      '<pre><code>x = 1</code></pre>',
      '<th>周次</th>',
      '<td colspan="2">第十周</td>',
      '<img src="https://example.com/a.png" alt="图">',
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="贴图">',
    ])
      expect(clean).toContain(part);
  });

  it('opens links in a new tab without handing over the page', () => {
    expect(sanitizeHtml('<a href="https://example.com/a" target="_self">资料</a>')).toBe(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">资料</a>',
    );
  });
});
