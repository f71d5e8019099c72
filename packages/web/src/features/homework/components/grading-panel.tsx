import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Kbd.layer.css';
import type { CourseWorkDetail, StudentWorkDetail } from '@dfrm/sdk/tms';
import { Alert, Button, Group, Kbd, Modal, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconDeviceFloppy,
  IconPlayerTrackNext,
} from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import * as z from 'zod/mini';
import { useAppForm, useFieldBinding } from '@/lib/form';
import { TextareaField } from '@/lib/form-fields';
import { errorMessage } from '@/shared/error-notifications';
import { openConfirmModal } from '@/shared/overlays';
import { gradeMutation } from '@/features/homework/api/grading-mutations';
import { whoOf } from '@/features/homework/grading-format';
import { type LatePolicy, scoreAfterPenalty } from '@/features/homework/late-penalty';
import { halfPoints } from '@/lib/half-points';

interface GradeValues {
  score: string;
  comment: string;
}

/** The score as typed, in the spec's limits (0 to the total, steps of 0.5), worded for teachers. */
const scoreSchema = (total: number) =>
  z.string().check(
    z.refine((value) => value.trim() !== '', '请输入分数'),
    z.refine((value) => value.trim() === '' || Number.isFinite(Number(value)), '分数必须是数字'),
    z.refine((value) => !(Number(value) < 0 || Number(value) > total), `分数应在 0 到 ${total} 分之间`),
    z.refine((value) => halfPoints(Number(value)), '分数以 0.5 分为单位'),
  );
const commentSchema = z.string().check(z.maxLength(2000, '评语最多 2000 个字'));

/** A number the teacher typed that the server would take, or null. */
function validScore(text: string, total: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= total && halfPoints(value) ? value : null;
}

const changed = (values: GradeValues, saved: GradeValues) =>
  values.score !== saved.score || values.comment.trim() !== saved.comment.trim();

const valuesOf = (detail: StudentWorkDetail): GradeValues => ({
  score: detail.rawScore === null ? '' : String(detail.rawScore),
  comment: detail.comment,
});

export interface GradingPanelProps {
  schoolId: string;
  detail: StudentWorkDetail;
  work: CourseWorkDetail;
  /** 保存并下一份 moves on through this; absent at the end of the list (or while it loads). */
  onNext: (() => void) | undefined;
  /** Put the cursor in 分数 (the teacher came here by 上一份 / 下一份). */
  focusScore: boolean;
}

/**
 * 评分: score (with the late penalty worked out as it is typed), comment, 保存评分, 保存并下一份,
 * 退回重做. Mounted once per hand-in (the page keys it by studentWorkId), so nothing typed for
 * one student can show on another's; leaving with unsaved changes asks first. A refusal from the
 * server is shown here, next to what was typed, which stays.
 */
export function GradingPanel({ schoolId, detail, work, onNext, focusScore }: GradingPanelProps) {
  const queryClient = useQueryClient();
  const grade = useMutation(gradeMutation(queryClient));
  const total = detail.totalScore;
  const gradable = detail.status === 1 || detail.status === 2;
  // What the server has: typing away from it is an unsaved change.
  const [initial] = useState(() => valuesOf(detail));
  const [savedValues, setSavedValues] = useState(initial);
  // the same for the blocker, which asks between a save and the render after it
  const saved = useRef(initial);
  // The fields keep what was typed (a reset would bring back the values the panel opened with);
  // only a return clears the score.
  const markSaved = (next: GradeValues) => {
    saved.current = next;
    setSavedValues(next);
    if (form.state.values.score !== next.score) form.setFieldValue('score', next.score);
  };

  const form = useAppForm({
    defaultValues: initial,
    onSubmitMeta: { next: false },
    onSubmit: async ({ value, meta }) => {
      const comment = value.comment.trim();
      const score = Number(value.score);
      let result;
      try {
        result = await grade.mutateAsync({
          schoolId,
          workId: detail.workId,
          studentWorkId: detail.studentWorkId,
          score,
          comment,
        });
      } catch {
        return; // shown in the panel; what was typed stays
      }
      markSaved({ score: value.score, comment });
      notifications.show({
        color: 'teal',
        message:
          result.latePenalty > 0
            ? `已保存：${whoOf(detail)} ${score} 分，迟交扣 ${result.latePenalty} 分，最终 ${result.score} 分`
            : `已保存：${whoOf(detail)} ${result.score} 分`,
      });
      if (meta.next) onNext?.();
    },
  });
  const values = useStore(form.store, (state) => state.values);
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const dirty = changed(values, savedValues);

  // Read at the moment of leaving (a save just before 下一份 has already moved `saved`).
  const blocker = useBlocker({
    shouldBlockFn: () => changed(form.state.values, saved.current),
    enableBeforeUnload: () => changed(form.state.values, saved.current),
    withResolver: true,
  });

  const returnWork = () =>
    openConfirmModal({
      title: '退回重做',
      centered: true,
      children: (
        <Text size="sm">
          确定把这份作业退回给{whoOf(detail)}重做吗？学生会立即收到通知，可以修改后再次提交；当前的分数将清空
          {values.comment.trim() ? '，评语会一并发给学生' : ''}。
        </Text>
      ),
      labels: { confirm: '退回重做', cancel: '取消' },
      confirmProps: { color: 'orange' },
      onConfirm: () => {
        const comment = form.state.values.comment.trim();
        grade.mutate(
          { schoolId, workId: detail.workId, studentWorkId: detail.studentWorkId, comment, returned: true },
          {
            onSuccess: () => {
              markSaved({ score: '', comment });
              notifications.show({ color: 'teal', message: `已退回：${whoOf(detail)}，等待学生重新提交` });
            },
          },
        );
      },
    });

  const raw = validScore(values.score, total);
  const busy = submitting || grade.isPending;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label="评分">
      <form
        noValidate
        aria-label="评分表单"
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit({ next: false });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && gradable) {
            event.preventDefault();
            void form.handleSubmit({ next: false });
          }
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="baseline">
            <Title order={2} fz="h4">
              评分
            </Title>
            <Text size="sm" c="dimmed">
              满分 {total} 分
            </Text>
          </Group>

          {detail.status === 0 ? (
            <Alert color="gray" variant="light">
              学生还没有提交，提交后才能批改。
            </Alert>
          ) : detail.status === 3 ? (
            <Alert color="orange" variant="light">
              已退回重做，等学生再次提交后才能批改。
            </Alert>
          ) : work.scoreStatus === 1 ? (
            <Text size="xs" c="dimmed">
              成绩已公布：改动保存后立即对学生可见。
            </Text>
          ) : null}

          <form.AppField name="score" validators={{ onChange: scoreSchema(total) }}>
            {() => (
              <ScoreField total={total} disabled={!gradable || busy} autoFocus={focusScore && gradable} />
            )}
          </form.AppField>

          <PenaltyLine raw={raw} lateDays={detail.lateDays} policy={{ ...work, totalScore: total }} />

          <form.AppField name="comment" validators={{ onChange: commentSchema }}>
            {() => (
              <TextareaField
                label="评语"
                placeholder="写给学生的评语（成绩公布后学生可见）"
                // fixed rows, resizable by hand: autosize measures the field on mount
                rows={5}
                resize="vertical"
                maxLength={2000}
                disabled={!gradable || busy}
              />
            )}
          </form.AppField>

          {grade.isError ? (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title="没有保存"
              role="alert"
            >
              {errorMessage(grade.error)}
            </Alert>
          ) : null}

          <Group gap="sm">
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={submitting}
              disabled={!gradable || grade.isPending}
              aria-keyshortcuts="Control+Enter"
            >
              保存评分
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
              disabled={!gradable || busy || !onNext}
              onClick={() => void form.handleSubmit({ next: true })}
            >
              保存并下一份
            </Button>
            <Button
              variant="subtle"
              color="orange"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              disabled={!gradable || busy}
              loading={grade.isPending && grade.variables?.returned === true}
              onClick={returnWork}
            >
              退回重做
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {dirty ? '有未保存的修改 · ' : ''}
            <Kbd size="xs">Ctrl</Kbd> + <Kbd size="xs">Enter</Kbd> 保存评分
          </Text>
        </Stack>
      </form>

      <Modal
        opened={blocker.status === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="评分还没有保存"
        centered
        closeButtonProps={{ 'aria-label': '关闭' }}
      >
        <Stack gap="md">
          <Text size="sm">给{whoOf(detail)}的分数或评语还没有保存，离开后将丢失。</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.proceed?.()}>
              不保存，离开
            </Button>
            <Button onClick={() => blocker.reset?.()}>继续批改</Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

/** 分数: 0 to the total in steps of 0.5 (the arrow keys step by 0.5). */
function ScoreField({
  total,
  disabled,
  autoFocus,
}: {
  total: number;
  disabled: boolean;
  autoFocus: boolean;
}) {
  const { field, name, error, onBlur } = useFieldBinding<string>();
  // Came by 上一份 / 下一份: the next score can be typed at once. A stable ref, so it runs once
  // as the field is attached (not after the page has been laid out, nor on every keystroke).
  const focusOnAttach = useCallback(
    (node: HTMLInputElement | null) => {
      if (node && autoFocus) node.focus({ preventScroll: true });
    },
    [autoFocus],
  );
  return (
    <NumberInput
      label="分数"
      description={`0 到 ${total} 分，以 0.5 分为单位`}
      name={name}
      value={field.state.value}
      onChange={(value) => field.handleChange(String(value))}
      onBlur={onBlur}
      error={error}
      min={0}
      max={total}
      step={0.5}
      decimalScale={1}
      allowNegative={false}
      clampBehavior="none"
      inputMode="decimal"
      disabled={disabled}
      ref={focusOnAttach}
      w={160}
    />
  );
}

/** 教师评分 → 迟交 N 天扣 X 分 → 最终得分, worked out as the score is typed. */
function PenaltyLine({
  raw,
  lateDays,
  policy,
}: {
  raw: number | null;
  lateDays: number;
  policy: LatePolicy;
}) {
  let text: string;
  if (raw === null) {
    text = lateDays > 0 ? `迟交 ${lateDays} 天：输入分数后显示扣分和最终得分` : '按时提交，不扣分';
  } else if (lateDays === 0) {
    text = `教师评分 ${raw} 分 → 按时提交，不扣分 → 最终得分 ${raw} 分`;
  } else {
    const { score, latePenalty } = scoreAfterPenalty(raw, lateDays, policy);
    text = `教师评分 ${raw} 分 → 迟交 ${lateDays} 天扣 ${latePenalty} 分 → 最终得分 ${score} 分`;
  }
  return (
    <Text size="sm" aria-live="polite" c={lateDays > 0 ? 'orange.9' : undefined} mih={22}>
      {text}
    </Text>
  );
}
