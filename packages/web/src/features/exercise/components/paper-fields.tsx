// The head of both paper dialogs (name, duration, pass mark, description), each input placed in
// the caller's `form.AppField`.
import { NumberField, TextareaField } from '@/lib/form-fields';

export const DurationInput = () => <NumberField label="考试时长（分钟）" required min={1} max={600} />;
export const PassScoreInput = () => (
  <NumberField label="及格分" placeholder="默认为总分的 60%" min={0} step={0.5} decimalScale={1} />
);
export const DescriptionInput = () => <TextareaField label="试卷说明" placeholder="选填" rows={1} />;

export interface PaperHeadValues {
  paperName: string;
  durationMinutes: number | string;
  passScore: number | string;
  description: string;
}

export const paperHeadDefaults = (): PaperHeadValues => ({
  paperName: '',
  durationMinutes: 60,
  passScore: '',
  description: '',
});

/** The head as both create calls take it; the pass mark only when given. */
export function paperHeadRequest(value: PaperHeadValues) {
  return {
    paperName: value.paperName.trim(),
    durationMinutes: Number(value.durationMinutes),
    description: value.description.trim(),
    ...(typeof value.passScore === 'number' ? { passScore: value.passScore } : {}),
  };
}

/** The pass mark's problem with this total, in Chinese. */
export function passScoreError(passScore: number | string, total: number): string | undefined {
  if (typeof passScore !== 'number') return undefined;
  if (passScore < 0) return '及格分不能为负';
  if (passScore > total) return `及格分不能超过总分（${total}）`;
  return undefined;
}
