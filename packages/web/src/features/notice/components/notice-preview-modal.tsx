import '@mantine/core/styles/Badge.layer.css';
import { Alert, Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { RichTextView } from '@/components/rich-text/rich-text-view';

export interface NoticePreview {
  title: string;
  courseName: string;
  /** Names of the teaching classes whose students will see it. */
  classNames: readonly string[];
  /** The editor's HTML; shown sanitized, as the student's reader shows it. */
  content: string;
}

/** The notice as its students will read it, before it is published. */
export function NoticePreviewModal({
  preview,
  onClose,
}: {
  preview: NoticePreview | null;
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
            学生在“课程通知”中打开这条通知时看到的内容如下。
          </Text>
          <Group gap="md" c="dimmed">
            <Text size="sm">{preview.courseName || '（未选择课程）'}</Text>
          </Group>
          {preview.classNames.length > 0 ? (
            <Group gap={4} aria-label="将看到这条通知的教学班">
              <Text size="sm" c="dimmed">
                可见教学班：
              </Text>
              {preview.classNames.map((name) => (
                <Badge key={name} variant="light" color="gray" radius="sm" tt="none" fw={500}>
                  {name}
                </Badge>
              ))}
            </Group>
          ) : (
            <Alert color="orange" variant="light" p="xs">
              还没有选择教学班：发布前请至少选择一个，否则没有学生能看到这条通知。
            </Alert>
          )}
          <RichTextView html={preview.content} label="通知正文" />
        </Stack>
      ) : null}
    </Modal>
  );
}
