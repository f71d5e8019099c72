import { describe, expect, it } from 'vitest';
import { attachmentHeaders, contentDisposition } from './attachment';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('第一章 量化投资导论.pdf')).toBe(
      `attachment; filename="download.pdf"; filename*=UTF-8''%E7%AC%AC%E4%B8%80%E7%AB%A0%20%E9%87%8F%E5%8C%96%E6%8A%95%E8%B5%84%E5%AF%BC%E8%AE%BA.pdf`,
    );
    expect(contentDisposition('Lecture 1 导论.pptx')).toBe(
      `attachment; filename="Lecture 1 .pptx"; filename*=UTF-8''Lecture%201%20%E5%AF%BC%E8%AE%BA.pptx`,
    );
  });

  it('keeps quotes, backslashes and RFC 5987 specials out of the header syntax', () => {
    expect(contentDisposition(`a"b\\c'(1)*.txt`)).toBe(
      `attachment; filename="a_b_c'(1)*.txt"; filename*=UTF-8''a%22b%5Cc%27%281%29%2A.txt`,
    );
    expect(contentDisposition('无扩展名')).toBe(
      `attachment; filename="download"; filename*=UTF-8''%E6%97%A0%E6%89%A9%E5%B1%95%E5%90%8D`,
    );
  });

  it('answers the download headers', () => {
    expect(attachmentHeaders('a.pdf', 'application/pdf', 12)).toMatchObject({
      'Content-Type': 'application/pdf',
      'Content-Length': '12',
      'Content-Disposition': `attachment; filename="a.pdf"; filename*=UTF-8''a.pdf`,
    });
  });
});
