import type {
  ExamDetail,
  ExamQuestionInput,
  ExamQuestionType,
  ExamResultPolicy,
  ExamSaveRequest,
} from '@dfrm/sdk/tms';
// zod/mini: the same checks as classic zod in a fraction of the bytes.
import * as z from 'zod/mini';
import { halfPoints } from '@/lib/half-points';

// The exam form's values and the rules of specs/tms/exam-teacher.yaml (ExamSaveRequest,
// ExamQuestionInput), worded for teachers. The server checks the same and names the field.

export const LETTERS = 'ABCDEFGH';
export const CODE_LANGUAGES = [
  { value: 'python', label: 'Python' },
  { value: 'sql', label: 'SQL' },
  { value: 'r', label: 'R' },
] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number]['value'];

/** Text the server holds as HTML, with what it was when loaded: unchanged text is saved as it came. */
export interface HtmlSource {
  text: string;
  html: string;
}

export interface OptionDraft {
  text: string;
  source?: HtmlSource | undefined;
}

/** One question as the editor holds it; `toQuestionInput` turns it into the contract's shape. */
export interface QuestionDraft {
  /** The editor's own key for the card (a question has no id until it is saved). */
  key: string;
  type: ExamQuestionType;
  stem: string;
  stemSource?: HtmlSource | undefined;
  /** Choice questions: A, B, C… in order. */
  options: OptionDraft[];
  /** Choice questions: the right letters; true/false: ['T'] or ['F']. */
  correct: string[];
  /** Fill-in: one answer per blank of the stem, alternatives separated by |. */
  blanks: string[];
  /** Short answer and code: the reference answer. */
  reference: string;
  score: number | string;
  /** Multiple choice: the score of a right subset with no wrong letter. */
  partialScore: number | string;
  analysis: string;
  analysisSource?: HtmlSource | undefined;
  codeLanguage: CodeLanguage;
}

/**
 * Where the exam's questions come from: the editor below (手动出题), or a copy of one of the
 * teacher's exercise papers made by the server when the exam is saved (从试卷复制, sourcePaperId).
 */
export type QuestionSource = 'manual' | 'paper';

export interface ExamFormValues {
  examName: string;
  courseId: string;
  description: string;
  attendNotice: string;
  startTime: number | null;
  endTime: number | null;
  duration: number | string;
  passScore: number | string;
  resultPolicy: string;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  source: QuestionSource;
  /** The exercise paper to copy ('' while none is chosen); only sent with source 'paper'. */
  sourcePaperId: string;
  /** The editor's questions, kept while a paper is chosen so switching back loses nothing. */
  questions: QuestionDraft[];
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of stored HTML (paragraphs and line breaks as new lines), for a plain text box. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n+$/, '');
}

/** A text box's lines as paragraphs of HTML (the contract's stems are rich text). */
export function textToHtml(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

const sourceOf = (html: string): HtmlSource => ({ text: htmlToText(html), html });
const htmlOf = (text: string, source: HtmlSource | undefined) =>
  source && source.text === text ? source.html : textToHtml(text);

/** A blank of a fill-in stem: four or more underscores (as the server counts them). */
const BLANK = /_{4,}/g;
export const BLANK_MARK = '____';
export const blankCount = (stem: string) => stem.match(BLANK)?.length ?? 0;

let nextKey = 0;
const newKey = () => `q${(nextKey += 1)}`;

const isChoice = (type: ExamQuestionType) => type === 1 || type === 2;

/** A fresh question of a type: a choice question starts with four empty options. */
export function newQuestion(type: ExamQuestionType): QuestionDraft {
  return {
    key: newKey(),
    type,
    stem: '',
    options: isChoice(type) ? [{ text: '' }, { text: '' }, { text: '' }, { text: '' }] : [],
    correct: [],
    blanks: [],
    reference: '',
    score: type >= 5 ? 10 : 5,
    partialScore: 0,
    analysis: '',
    codeLanguage: 'python',
  };
}

/** The same question as another type: what still fits is kept (stem, score, analysis, options). */
export function withType(question: QuestionDraft, type: ExamQuestionType): QuestionDraft {
  const fresh = newQuestion(type);
  return {
    ...question,
    type,
    options: isChoice(type) ? (question.options.length >= 2 ? question.options : fresh.options) : [],
    correct:
      isChoice(type) === isChoice(question.type) && type !== 3
        ? question.correct.slice(0, type === 1 ? 1 : 8)
        : [],
    partialScore: type === 2 ? question.partialScore : 0,
  };
}

export function draftsOf(exam: ExamDetail): QuestionDraft[] {
  return exam.questions
    .slice()
    .sort((a, b) => a.orderNo - b.orderNo)
    .map((question) => {
      const stemSource = sourceOf(question.stem);
      const analysisSource = question.analysis ? sourceOf(question.analysis) : undefined;
      return {
        key: newKey(),
        type: question.type,
        stem: stemSource.text,
        stemSource,
        options: question.options.map((option) => {
          const source = sourceOf(option.content);
          return { text: source.text, source };
        }),
        correct: question.type <= 3 ? [...question.answers] : [],
        blanks: question.type === 4 ? [...question.answers] : [],
        reference: question.type >= 5 ? (question.answers[0] ?? '') : '',
        score: question.score,
        partialScore: question.partialScore ?? 0,
        analysis: analysisSource?.text ?? '',
        analysisSource,
        codeLanguage: (question.codeLanguage as CodeLanguage | undefined) ?? 'python',
      };
    });
}

/** The contract's question for a draft the checks below have passed. */
export function toQuestionInput(question: QuestionDraft): ExamQuestionInput {
  const answers =
    question.type === 4
      ? Array.from({ length: blankCount(question.stem) }, (_, index) => (question.blanks[index] ?? '').trim())
      : question.type >= 5
        ? [question.reference.trim()]
        : [...question.correct].sort();
  return {
    type: question.type,
    stem: htmlOf(question.stem, question.stemSource),
    options: isChoice(question.type)
      ? question.options.map((option, index) => ({
          key: LETTERS[index]!,
          content:
            option.source && option.source.text === option.text
              ? option.source.html
              : escapeHtml(option.text.trim()),
        }))
      : [],
    answers,
    score: Number(question.score),
    ...(question.type === 2 && Number(question.partialScore) > 0
      ? { partialScore: Number(question.partialScore) }
      : {}),
    ...(question.analysis.trim() ? { analysis: htmlOf(question.analysis, question.analysisSource) } : {}),
    ...(question.type === 6 ? { codeLanguage: question.codeLanguage } : {}),
  };
}

export type QuestionProblems = Partial<
  Record<'stem' | 'options' | 'answers' | 'score' | 'partialScore', string>
>;

/** What keeps a question from being saved, by the part of its card that shows it. */
export function questionProblems(question: QuestionDraft): QuestionProblems {
  const problems: QuestionProblems = {};
  if (question.stem.trim() === '') problems.stem = '请填写题干';
  if (isChoice(question.type)) {
    const empty = question.options.findIndex((option) => option.text.trim() === '');
    if (question.options.length < 2) problems.options = '至少需要 2 个选项';
    else if (empty >= 0) problems.options = `选项 ${LETTERS[empty]} 的内容不能为空`;
    if (question.type === 1 && question.correct.length !== 1) problems.answers = '请选出正确选项';
    if (question.type === 2 && question.correct.length < 2) problems.answers = '多选题至少选出 2 个正确选项';
  } else if (question.type === 3) {
    if (question.correct[0] !== 'T' && question.correct[0] !== 'F') problems.answers = '请选择“正确”或“错误”';
  } else if (question.type === 4) {
    const blanks = blankCount(question.stem);
    if (blanks === 0) problems.stem ??= `在题干中用 ${BLANK_MARK}（4 个下划线）标出每个空`;
    else {
      const answers = Array.from({ length: blanks }, (_, index) => question.blanks[index] ?? '');
      const missing = answers.findIndex((answer) => answer.trim() === '');
      if (missing >= 0) problems.answers = `请填写第 ${missing + 1} 空的答案`;
    }
  } else if (question.reference.trim() === '') {
    problems.answers = question.type === 6 ? '请填写参考代码' : '请填写参考答案';
  }
  const score = question.score;
  if (typeof score !== 'number' || score < 0.5 || score > 100 || !halfPoints(score))
    problems.score = '分值为 0.5 到 100，最小单位 0.5';
  if (question.type === 2) {
    const partial = question.partialScore;
    if (typeof partial !== 'number' || partial < 0 || !halfPoints(partial))
      problems.partialScore = '少选得分为 0 或正数，最小单位 0.5';
    else if (typeof score === 'number' && partial > score) problems.partialScore = '少选得分不能超过本题分值';
  }
  return problems;
}

/** The first problem of the paper, naming its question (blocks saving until it is fixed). */
export function paperProblem(questions: readonly QuestionDraft[]): string | undefined {
  for (const [index, question] of questions.entries()) {
    const first = Object.values(questionProblems(question))[0];
    if (first) return `第 ${index + 1} 题：${first}`;
  }
  return undefined;
}

/** The paper's total: the sum of the scores that are numbers. */
export const paperTotal = (questions: readonly QuestionDraft[]) =>
  questions.reduce((sum, question) => sum + (typeof question.score === 'number' ? question.score : 0), 0);

export const examNameSchema = z
  .string()
  .check(z.trim(), z.minLength(1, '请输入考试名称'), z.maxLength(100, '考试名称最长 100 个字符'));
export const examTextSchema = (name: string, max: number) =>
  z.string().check(z.maxLength(max, `${name}最长 ${max} 个字符`));
export const examInstantSchema = z
  .nullable(z.number())
  .check(z.refine((value) => value !== null, '请选择时间'));

/** The end must come after the start (the server says the same). */
export function endTimeError(startTime: number | null, endTime: number | null): string | undefined {
  if (endTime === null) return '请选择结束时间';
  if (startTime !== null && endTime <= startTime) return '结束时间必须晚于开始时间';
  return undefined;
}

const MINUTE_MS = 60_000;

/** Minutes between 1 and 600, and no longer than the window. */
export function durationError(
  duration: number | string,
  startTime: number | null,
  endTime: number | null,
): string | undefined {
  if (typeof duration !== 'number' || !Number.isInteger(duration) || duration < 1 || duration > 600)
    return '作答时长为 1 到 600 的整数分钟';
  if (
    startTime !== null &&
    endTime !== null &&
    endTime > startTime &&
    duration * MINUTE_MS > endTime - startTime
  )
    return '作答时长不能超过考试时间窗（开始到结束）';
  return undefined;
}

/** `total` undefined: not known yet (a chosen paper still loading); the server checks it then. */
export function passScoreError(passScore: number | string, total: number | undefined): string | undefined {
  if (typeof passScore !== 'number' || passScore < 0 || passScore > 1000) return '及格分为 0 到 1000 的数';
  if (total !== undefined && passScore > total) return `及格分不能超过总分（${total}）`;
  return undefined;
}

/** A new exam: tomorrow 9:00 to 11:00, 90 minutes, results shown after submitting. */
export function newExamValues(
  courseId: string | undefined,
  sourcePaperId?: string | undefined,
): ExamFormValues {
  const start = new Date();
  start.setDate(start.getDate() + 1);
  start.setHours(9, 0, 0, 0);
  return {
    examName: '',
    courseId: courseId ?? '',
    description: '',
    attendNotice: '',
    startTime: start.getTime(),
    endTime: start.getTime() + 120 * MINUTE_MS,
    duration: 90,
    passScore: 60,
    resultPolicy: '1',
    shuffleQuestions: false,
    shuffleOptions: false,
    source: sourcePaperId ? 'paper' : 'manual',
    sourcePaperId: sourcePaperId ?? '',
    questions: [],
  };
}

export function examValues(exam: ExamDetail): ExamFormValues {
  return {
    examName: exam.examName,
    courseId: exam.courseId ?? '',
    description: exam.description,
    attendNotice: exam.attendNotice,
    startTime: exam.startTime,
    endTime: exam.endTime,
    duration: exam.duration,
    passScore: exam.passScore,
    resultPolicy: String(exam.resultPolicy),
    shuffleQuestions: exam.shuffleQuestions,
    shuffleOptions: exam.shuffleOptions,
    // the exam holds its own copy of any paper it came from: edited like typed-in questions
    source: 'manual',
    sourcePaperId: '',
    questions: draftsOf(exam),
  };
}

/**
 * The create/update body: the editor's questions, or the chosen exercise paper (sourcePaperId),
 * which the server copies into the exam's questions; the contract takes exactly one of the two.
 */
export function toSaveRequest(schoolId: string, values: ExamFormValues): ExamSaveRequest {
  return {
    schoolId,
    ...(values.courseId ? { courseId: values.courseId } : {}),
    examName: values.examName.trim(),
    description: values.description,
    attendNotice: values.attendNotice,
    startTime: values.startTime ?? 0,
    endTime: values.endTime ?? 0,
    duration: Number(values.duration),
    passScore: Number(values.passScore),
    resultPolicy: Number(values.resultPolicy) as ExamResultPolicy,
    shuffleQuestions: values.shuffleQuestions,
    shuffleOptions: values.shuffleOptions,
    ...(values.source === 'paper'
      ? { sourcePaperId: values.sourcePaperId }
      : { questions: values.questions.map(toQuestionInput) }),
  };
}

/** What keeps the chosen source from being saved: a paper must be chosen to copy one. */
export function sourcePaperError(source: QuestionSource, sourcePaperId: string): string | undefined {
  return source === 'paper' && sourcePaperId === '' ? '请选择要复制的试卷' : undefined;
}

/** The editor's first problem; a paper to copy is checked by the server, question by question. */
export const questionsProblem = (source: QuestionSource, questions: readonly QuestionDraft[]) =>
  source === 'paper' ? undefined : paperProblem(questions);

export type SettingField = 'examName' | 'endTime' | 'duration' | 'passScore';

/**
 * Where the server's refusal belongs on the form: a question (第 n 题…) or a setting, by the
 * wording of services/exam (exams.ts, paper.ts): the field rules (errCode 2) and a published
 * exam's end moved earlier (errCode 1). Anything else is shown above the buttons.
 */
export function serverErrorPlace(message: string): { question: number } | { field: SettingField } | null {
  const question = /^第 (\d+) 题/.exec(message);
  if (question) return { question: Number(question[1]) };
  if (message.startsWith('考试名称')) return { field: 'examName' };
  if (/结束时间(必须|只能)/.test(message)) return { field: 'endTime' };
  if (message.startsWith('作答时长')) return { field: 'duration' };
  if (message.startsWith('及格分')) return { field: 'passScore' };
  return null;
}
