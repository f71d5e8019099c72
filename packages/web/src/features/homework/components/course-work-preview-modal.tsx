import '@mantine/core/styles/Badge.layer.css';
import { Alert, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { formatFileSize, formatInstant } from '@/shared/format';

export interface CourseWorkPreview {
  title: string;
  courseName: string;
  /** Names of the teaching classes whose students get the work. */
  classNames: readonly string[];
  /** 个人作业, or 小组作业 with its group set. */
  mode: string;
  startTime: number | null;
  endTime: number | null;
  totalScore: number | string;
  /** The late policy in words (不允许迟交, or its effect). */
  late: string;
  /** The editor's HTML; shown sanitized, as the student's page shows it. */
  content: string;
  attachments: readonly { fileName: string; fileSize: number }[];
}

/** The work as its students will see it, before it is published. */
export function CourseWorkPreviewModal({
  preview,
  onClose,
}: {
  preview: CourseWorkPreview | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={preview !== null}
      onClose={onClose}
      title={preview ? `预览：${preview.title || '（未填写标题）'}` : undefined}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': '关闭预览' }}
    >
      {preview ? (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            学生打开这份作业时看到的内容如下。
          </Text>
          <Group gap="md" c="dimmed">
            <Text size="sm">{preview.courseName || '（未选择课程）'}</Text>
            <Text size="sm">{preview.mode}</Text>
            <Text size="sm">满分 {preview.totalScore === '' ? '（未填写）' : preview.totalScore}</Text>
          </Group>
          <Stack gap={2}>
            <Text size="sm">开始时间：{formatInstant(preview.startTime, '（未选择）')}</Text>
            <Text size="sm">截止时间：{formatInstant(preview.endTime, '（未选择）')}</Text>
            <Text size="sm">{preview.late}</Text>
          </Stack>
          {preview.classNames.length > 0 ? (
            <Group gap={4} aria-label="收到这份作业的教学班">
              <Text size="sm" c="dimmed">
                教学班：
              </Text>
              {preview.classNames.map((name) => (
                <Badge key={name} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                  {name}
                </Badge>
              ))}
            </Group>
          ) : (
            <Alert color="orange" variant="light" p="xs">
              还没有选择教学班：请至少选择一个，否则没有学生会收到这份作业。
            </Alert>
          )}
          <RichTextView html={preview.content || '<p>（没有填写作业要求）</p>'} label="作业要求" />
          {preview.attachments.length > 0 ? (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="作业附件">
              {preview.attachments.map((file) => (
                <Group key={file.fileName} component="li" gap={6} wrap="nowrap">
                  <IconPaperclip size={14} aria-hidden />
                  <Text size="sm" truncate>
                    {file.fileName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.fileSize)}
                  </Text>
                </Group>
              ))}
            </Stack>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
