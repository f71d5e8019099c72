import type {
  ExamPaperBuildMode,
  ExerciseCodeLanguage,
  ExerciseDifficulty,
  ExerciseType,
} from '@dfrm/sdk/resource';

// The enums of specs/resource/exercise.yaml and exam-repo.yaml in words.

export const EXERCISE_TYPE_LABELS: Record<ExerciseType, string> = {
  1: '单选题',
  2: '多选题',
  3: '判断题',
  4: '填空题',
  5: '问答题',
  6: '代码题',
};
export const EXERCISE_TYPES = [1, 2, 3, 4, 5, 6] as const satisfies readonly ExerciseType[];

export const DIFFICULTY_LABELS: Record<ExerciseDifficulty, string> = { 1: '简单', 2: '中等', 3: '困难' };
export const DIFFICULTIES = [1, 2, 3] as const satisfies readonly ExerciseDifficulty[];
export const DIFFICULTY_COLORS: Record<ExerciseDifficulty, string> = { 1: 'teal', 2: 'blue', 3: 'orange' };

export const BUILD_MODE_LABELS: Record<ExamPaperBuildMode, string> = {
  manual: '手工组卷',
  random: '随机组卷',
};

export const CODE_LANGUAGE_LABELS: Record<Exclude<ExerciseCodeLanguage, 'none'>, string> = {
  python: 'Python',
  r: 'R',
  sql: 'SQL',
};

/** Single and multiple choice carry options. */
export const hasOptions = (type: ExerciseType) => type === 1 || type === 2;

/** A stem's text without its markup, shortened for a list cell. */
export function stemExcerpt(html: string, max = 60): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The blanks of a fill-in stem: runs of four or more underscores (as the server counts them). */
export function blankCount(stem: string): number {
  return stem.match(/_{4,}/g)?.length ?? 0;
}
