import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import type { MyWorkSaveResult } from '@dfrm/sdk/tms';
import { ErrCode, isApiError } from '@dfrm/sdk';
import { useEffect, useRef } from 'react';
import { FileDrop } from '@/components/file-drop/file-drop';
import { COURSEWARE_EXTENSIONS } from '@/components/file-drop/file-rules';
import { useUploadQueue } from '@/components/file-drop/use-upload-queue';
import { RichTextInput } from '@/components/rich-text/rich-text-input';
import { openConfirmModal } from '@/shared/overlays';
import type { AnswerDraft, SaveRequest } from '@/features/homework/api/answer-saver';
import { sendAnswer, uploadAnswerFile } from '@/features/homework/api/my-work-mutations';
import { useAnswerSaver } from '@/features/homework/api/use-answer-saver';
import { SaveStatusLine } from './student-work-save-status';
import { type WorkFileActions, WorkFileList } from './student-work-files';

/** An answer holds at most this many files (specs/tms/my-work.yaml, updateMyWorkInfo). */
export const MAX_ANSWER_FILES = 10;
/** The courseware types; at most 100 MB, what a save accepts per file (WorkAttachmentInput). */
const ANSWER_FILE_MAX_BYTES = 100 * 1024 * 1024;

export interface AnswerStart {
  revision: number;
  savedAt: number | null;
  draft: AnswerDraft;
  /** The draft is not the server's (the student chose to keep their version): save it at once. */
  unsaved?: boolean;
}

export interface AnswerEditorProps {
  schoolId: string;
  studentWorkId: string;
  start: AnswerStart;
  /** Download paths of the files the server holds, by filePath (fresh uploads have none yet). */
  fileUrls: ReadonlyMap<string, string>;
  files: WorkFileActions;
  submitLabel: string;
  /** Asks the student to confirm the hand-in (with what lateness costs); false stops it. */
  confirmSubmit: () => Promise<boolean>;
  onSubmitted: (ack: MyWorkSaveResult) => void;
  /** A hand-in the server refused (besides a conflict, which onConflict reports). */
  onSubmitRefused: (error: unknown) => void;
  onAck: (ack: MyWorkSaveResult, request: SaveRequest) => void;
  onConflict: (error: unknown, draft: AnswerDraft) => void;
  onRefused: (error: unknown, draft: AnswerDraft) => void;
}

const isEmptyAnswer = (draft: AnswerDraft) => draft.content === '' && draft.attachments.length === 0;

/**
 * The answer: rich text and files, saved as a draft a moment after each change (and on
 * leaving), with where the save stands, and 提交作业.
 */
export function AnswerEditor({
  schoolId,
  studentWorkId,
  start,
  fileUrls,
  files,
  submitLabel,
  confirmSubmit,
  onSubmitted,
  onSubmitRefused,
  onAck,
  onConflict,
  onRefused,
}: AnswerEditorProps) {
  const { saver, draft, status, submitting } = useAnswerSaver({
    revision: start.revision,
    savedAt: start.savedAt,
    draft: start.draft,
    send: sendAnswer(schoolId, studentWorkId),
    onAck,
    onConflict,
    onRefused,
  });
  const queue = useUploadQueue();
  const added = useRef(0);
  const uploadsRunning = useRef(false);

  const unsavedStart = start.unsaved === true;
  useEffect(() => {
    // the student's own version replaces the server's: it goes up as a change
    if (unsavedStart) saver.update((current) => ({ ...current }), { immediate: true });
  }, [saver, unsavedStart]);

  const uploading = queue.items.some((item) => item.status === 'uploading' || item.status === 'waiting');
  const room = MAX_ANSWER_FILES - draft.attachments.length;

  async function startUploads() {
    if (uploadsRunning.current) return;
    uploadsRunning.current = true;
    try {
      // files added while others upload are taken on the next round
      for (;;) {
        const seen = added.current;
        const done: string[] = [];
        await queue.run(async (file, { id, onProgress, signal }) => {
          const stored = await uploadAnswerFile({ schoolId, file }, { onProgress, signal });
          done.push(id);
          saver.update(
            (current) => ({
              ...current,
              attachments: [
                ...current.attachments,
                { fileName: stored.fileName, filePath: stored.filePath, fileSize: stored.fileSize },
              ],
            }),
            { immediate: true },
          );
          return stored;
        });
        // an uploaded file now shows among the answer's files
        done.forEach((id) => queue.remove(id));
        if (added.current === seen) break;
      }
    } finally {
      uploadsRunning.current = false;
    }
  }

  function removeFile(file: { fileName: string; filePath: string }) {
    openConfirmModal({
      title: '移除附件',
      centered: true,
      children: (
        <Text size="sm">确定从答案中移除“{file.fileName}”吗？保存后服务器上的这个文件会被删除。</Text>
      ),
      labels: { confirm: '移除', cancel: '取消' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        saver.update(
          (current) => ({
            ...current,
            attachments: current.attachments.filter((item) => item.filePath !== file.filePath),
          }),
          { immediate: true },
        ),
    });
  }

  async function handIn() {
    if (isEmptyAnswer(saver.currentDraft())) {
      notifications.show({ color: 'red', message: '提交前请填写答案或上传附件' });
      return;
    }
    if (!(await confirmSubmit())) return;
    try {
      onSubmitted(await saver.submit());
    } catch (error) {
      // a conflict has its own notice (onConflict)
      if (isApiError(error) && error.errCode === ErrCode.conflict) return;
      onSubmitRefused(error);
    }
  }

  const stopped = status.kind === 'conflict';
  return (
    <Stack gap="md">
      {/* while handing in, what is sent is what stays: nothing here takes input */}
      <Stack gap="md" inert={submitting || stopped}>
        <RichTextInput
          label="我的答案"
          value={start.draft.content}
          onChange={(html) => saver.update((current) => ({ ...current, content: html }))}
          minHeight={220}
        />
        <Input.Wrapper
          label="答案附件"
          description={`最多 ${MAX_ANSWER_FILES} 个附件，上传后自动保存到答案中。`}
          labelElement="div"
        >
          <Stack gap="sm" mt={6}>
            {draft.attachments.length > 0 ? (
              <WorkFileList
                label="答案附件"
                files={draft.attachments.map((file) => ({ ...file, url: fileUrls.get(file.filePath) ?? '' }))}
                actions={files}
                onRemove={removeFile}
                removeDisabled={submitting}
              />
            ) : null}
            <FileDrop
              queue={{
                items: queue.items,
                remove: queue.remove,
                add: (picked) => {
                  queue.add(picked);
                  added.current += 1;
                  void startUploads();
                },
              }}
              rules={{
                maxSize: ANSWER_FILE_MAX_BYTES,
                extensions: COURSEWARE_EXTENSIONS,
                maxFiles: Math.max(room, 1),
              }}
              label="上传答案附件"
              disabled={room <= 0 || submitting}
            />
            {room <= 0 ? (
              <Text size="xs" c="dimmed">
                已达 {MAX_ANSWER_FILES} 个附件的上限，移除一个后才能再上传。
              </Text>
            ) : null}
          </Stack>
        </Input.Wrapper>
      </Stack>

      <Group justify="space-between" align="center" gap="sm">
        <SaveStatusLine status={status} onRetry={() => saver.retryNow()} />
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          loading={submitting}
          disabled={uploading || stopped}
          onClick={() => void handIn()}
        >
          {submitLabel}
        </Button>
      </Group>
      {uploading ? (
        <Text size="xs" c="dimmed" ta="right">
          文件上传完成后才能提交。
        </Text>
      ) : null}
    </Stack>
  );
}
