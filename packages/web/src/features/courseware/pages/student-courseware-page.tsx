import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { FileInfo, MyCourseWare } from '@dfrm/sdk/tms';
import { Badge, Button, Container, EmptyState, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFolder } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { formatFileSize } from '@/shared/format';
import {
  COURSEWARE_PAGE_SIZE,
  studentCoursewareListQuery,
} from '@/features/courseware/api/courseware-queries';
import { useCoursewareDownload } from '@/features/courseware/api/use-courseware-download';
import { AttachmentRows } from '@/features/courseware/components/courseware-attachments';
import {
  type CoursewarePreviewTarget,
  CoursewarePreviewModal,
} from '@/features/courseware/components/courseware-preview-modal';
import { formatInstant } from '@/shared/format';
import { LoadError } from '@/components/feedback/load-error';
import { ListPagination } from '@/components/feedback/list-pagination';
import { PageHeader } from '@/components/page/page-header';

export interface StudentCoursewarePageProps {
  /** Only this course's courseware (the class-detail tab); all courses without it. */
  courseId?: string | undefined;
  /** Inside a class-detail frame that already names the course. */
  embedded?: boolean;
}

/** 课程课件 for a student: what teachers shared with their classes, each file downloadable. */
export function StudentCoursewarePage({ courseId, embedded = false }: StudentCoursewarePageProps) {
  const schoolId = useSchoolId();
  const [pageIndex, setPageIndex] = useState(1);
  const list = useQuery(studentCoursewareListQuery({ schoolId: schoolId, courseId, pageIndex }));
  const download = useCoursewareDownload();
  const [preview, setPreview] = useState<CoursewarePreviewTarget | null>(null);

  const content = (
    <Stack gap="lg">
      <PageHeader
        title="课程课件"
        description="老师共享给你所在教学班的课件：PDF 和图片可以直接预览，其他附件下载后查看。"
        embedded={embedded}
      />

      {list.isError ? (
        <LoadError title="课件加载失败" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <CoursewareListSkeleton />
      ) : list.data.list.length === 0 ? (
        <Paper withBorder radius="lg" py={40}>
          <EmptyState
            icon={<IconFolder size={28} aria-hidden />}
            variant="light"
            title="暂无课件"
            description="老师共享课件后会显示在这里。"
          />
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="课件列表">
          {list.data.list.map((item) => (
            <CoursewareCard
              key={item.courseWareId}
              item={item}
              showCourse={!courseId}
              downloading={download.isPending}
              onDownload={(fileId, fallbackName) =>
                download.mutate({ courseWareId: item.courseWareId, fileId, fallbackName })
              }
              onPreview={(file) => setPreview({ courseWareId: item.courseWareId, file })}
            />
          ))}
        </Stack>
      )}

      <CoursewarePreviewModal
        target={preview}
        onClose={() => setPreview(null)}
        onDownload={(target) =>
          download.mutate({
            courseWareId: target.courseWareId,
            fileId: target.file.fileId,
            fallbackName: target.file.fileName,
          })
        }
      />

      <ListPagination
        end
        total={list.data?.total ?? 0}
        pageSize={COURSEWARE_PAGE_SIZE}
        page={pageIndex}
        onChange={setPageIndex}
      />
    </Stack>
  );
  return embedded ? (
    content
  ) : (
    <Container size="xl" py="md">
      {content}
    </Container>
  );
}

function CoursewareCard({
  item,
  showCourse,
  downloading,
  onDownload,
  onPreview,
}: {
  item: MyCourseWare;
  showCourse: boolean;
  downloading: boolean;
  onDownload: (fileId: string | undefined, fallbackName: string) => void;
  onPreview: (file: FileInfo) => void;
}) {
  const teacher = item.owner.realName || item.owner.userName;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={item.courseWareName}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{item.courseWareName}</Text>
            {showCourse ? (
              <Badge variant="light" radius="sm" tt="none" fw={500}>
                {item.courseName}
              </Badge>
            ) : null}
          </Group>
          {item.description ? (
            <Text size="sm" c="dimmed" mt={4} lineClamp={2}>
              {item.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" mt={6}>
            {teacher} · 共享于 {formatInstant(item.sharedAt)} · {item.attachmentNum} 个附件，共{' '}
            {formatFileSize(item.totalSize)}
          </Text>
        </div>
        {item.attachmentNum > 1 ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading}
            onClick={() => onDownload(undefined, `${item.courseWareName}.zip`)}
            aria-label={`下载全部 ${item.courseWareName}`}
          >
            全部下载
          </Button>
        ) : null}
      </Group>
      {item.attachments.length > 0 ? (
        <Paper bg="gray.0" radius="sm" p="sm" mt="sm">
          <AttachmentRows
            files={item.attachments}
            onDownload={(file) => onDownload(file.fileId, file.fileName)}
            onPreview={onPreview}
          />
        </Paper>
      ) : null}
    </Paper>
  );
}

function CoursewareListSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="正在加载">
      {[0, 1, 2].map((key) => (
        <Paper key={key} withBorder radius="md" p="md">
          <Skeleton height={16} width="35%" />
          <Skeleton height={12} width="60%" mt="sm" />
          <Skeleton height={36} mt="sm" />
        </Paper>
      ))}
    </Stack>
  );
}
