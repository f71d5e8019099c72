import type { QuizQuestionType } from '@dfrm/sdk/tms';

const TRUE_FALSE: Record<string, string> = { true: '正确', false: '错误' };

/**
 * An answer (a key or a student's) in words: choice letters joined, 判断 as 正确/错误, each blank
 * of a 填空 in turn, its accepted alternatives (a|b) as “或”.
 */
export function answerText(type: QuizQuestionType, answer: readonly string[] | null): string {
  if (answer === null) return '—';
  if (answer.length === 0) return '未作答';
  if (type === 3) return answer.map((value) => TRUE_FALSE[value] ?? value).join('、');
  if (type === 4) {
    return answer
      .map(
        (blank, index) =>
          `第 ${index + 1} 空：${blank.trim() === '' ? '（空）' : blank.split('|').join(' 或 ')}`,
      )
      .join('；');
  }
  return answer.join('、');
}

/** Plain text as the HTML the quiz stores for options and analyses (the server sanitizes it again). */
export function textToHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped.split(/\r?\n/).join('<br>');
}

/** Stored HTML of an option or analysis as the text its input edits. */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n');
  return template.content.textContent ?? '';
}
